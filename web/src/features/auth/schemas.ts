import { z } from '@/lib/zod'
import { requiredText } from '@/lib/validation'

const requiredPassword = (message: string) => z.string().check(z.minLength(1, message))

export const loginSchema = z.object({
  email: requiredText('Please enter your email address.'),
  password: requiredPassword('Please enter your password.'),
})
export type LoginValues = z.infer<typeof loginSchema>

/** The server's rule and its words (docs/rules.md#passwords), checked before a code is mailed. */
export const PASSWORD_RULE = 'Password must be 8 to 128 characters long'
export const PASSWORD_HINT = '8 to 128 characters'

/** docs/product.md#signup: the mismatch check runs in the submit handler, so it can stop the call with its toast. */
export const signupSchema = z.object({
  firstName: requiredText('Please enter your first name.'),
  lastName: requiredText('Please enter your last name.'),
  email: requiredText('Please enter your email address.'),
  password: z.string().check(z.minLength(1, 'Please enter your password.'), z.minLength(8, PASSWORD_RULE), z.maxLength(128, PASSWORD_RULE)),
  confirmPassword: requiredPassword('Please confirm your password.'),
})
export type SignupValues = z.infer<typeof signupSchema>

export const forgotPasswordSchema = z.object({ email: requiredText('Please enter your email address.') })
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>

/** docs/product.md#reset-password: no mismatch check on the client, the server receives both. */
export const resetPasswordSchema = z.object({
  password: requiredPassword('Please enter your new password.'),
  confirmPassword: requiredPassword('Please confirm your new password.'),
})
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>

export const changePasswordSchema = z.object({
  oldPassword: requiredPassword('Please enter your Current Password.'),
  newPassword: requiredPassword('Please enter your New Password.'),
})
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>
