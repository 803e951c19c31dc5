import { useMutation } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import type { MutationErrorToast } from '@/lib/query-client'

/** docs/rules.md#signup-codes: the signup code is sent only to an address without an account. */
export const sendOtp = (email: string) => payload(api.POST('/auth/sendotp', { body: { email, checkUserPresent: true } }))

export const signup = (body: Schemas['SignupRequest']) => payload(api.POST('/auth/signup', { body }))

export const login = (body: Schemas['LoginRequest']) => payload(api.POST('/auth/login', { body }))

export const requestPasswordReset = (email: string) => payload(api.POST('/auth/reset-password-token', { body: { email } }))

export const resetPassword = (body: Schemas['ResetPasswordRequest']) => payload(api.POST('/auth/reset-password', { body }))

export const changePassword = (body: Schemas['ChangePasswordRequest']) => payload(api.POST('/auth/changepassword', { body }))

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useSendOtp(errorToast?: MutationErrorToast<string> | false) {
  return useMutation({ mutationFn: sendOtp, meta: { errorToast } })
}

export function useSignup(errorToast?: MutationErrorToast<Schemas['SignupRequest']> | false) {
  return useMutation({ mutationFn: signup, meta: { errorToast } })
}

export function useLogin(errorToast?: MutationErrorToast<Schemas['LoginRequest']> | false) {
  return useMutation({ mutationFn: login, meta: { errorToast } })
}

export function useRequestPasswordReset(errorToast?: MutationErrorToast<string> | false) {
  return useMutation({ mutationFn: requestPasswordReset, meta: { errorToast } })
}

export function useResetPassword(errorToast?: MutationErrorToast<Schemas['ResetPasswordRequest']> | false) {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast } })
}

export function useChangePassword(errorToast?: MutationErrorToast<Schemas['ChangePasswordRequest']> | false) {
  return useMutation({ mutationFn: changePassword, meta: { errorToast } })
}
