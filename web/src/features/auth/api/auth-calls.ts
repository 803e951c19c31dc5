import { api, type Schemas } from '@/lib/api-client'
import type { SignupData } from '../types'

type Message = Schemas['Ack']

/** docs/rules.md#signup-codes: the signup code is sent only to an address without an account. */
export const sendOtp = (email: string) =>
  api<Message>('/auth/sendotp', { method: 'POST', body: { email, checkUserPresent: true } })

export const signup = (data: SignupData & { otp: string }) =>
  api<Schemas['SignupResponse']>('/auth/signup', { method: 'POST', body: data })

export const login = (credentials: { email: string; password: string }) =>
  api<Schemas['LoginResponse']>('/auth/login', { method: 'POST', body: credentials })

export const logout = () => api<Message>('/auth/logout', { method: 'POST' })

export const requestPasswordReset = (email: string) =>
  api<Message>('/auth/reset-password-token', { method: 'POST', body: { email } })

export const resetPassword = (body: { password: string; confirmPassword: string; token: string }) =>
  api<Message>('/auth/reset-password', { method: 'POST', body })

export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  api<Message>('/auth/changepassword', { method: 'POST', body })
