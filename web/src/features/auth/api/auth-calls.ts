import { api, payload, type Schemas } from '@/lib/api-client'

/** docs/rules.md#signup-codes: the signup code is sent only to an address without an account. */
export const sendOtp = (email: string) => payload(api.POST('/auth/sendotp', { body: { email, checkUserPresent: true } }))

export const signup = (body: Schemas['SignupRequest']) => payload(api.POST('/auth/signup', { body }))

export const login = (body: Schemas['LoginRequest']) => payload(api.POST('/auth/login', { body }))

export const requestPasswordReset = (email: string) => payload(api.POST('/auth/reset-password-token', { body: { email } }))

export const resetPassword = (body: Schemas['ResetPasswordRequest']) => payload(api.POST('/auth/reset-password', { body }))

export const changePassword = (body: Schemas['ChangePasswordRequest']) => payload(api.POST('/auth/changepassword', { body }))
