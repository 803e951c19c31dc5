import { accountTypeValues, type components } from '@/lib/api-types'

/** The account types a person may sign up as (an Admin is made with `jobportal create-admin`). */
export const ACCOUNT_TYPES = ['Applicant', 'Recruiter'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** Every type an account may have: those of signup, and Admin. */
export type AnyAccountType = components['schemas']['AccountType']
export const ANY_ACCOUNT_TYPES: readonly AnyAccountType[] = accountTypeValues

/** The user object (docs/api.md#objects), as the server returns it. */
export type User = components['schemas']['User']

/** The details kept between the signup form and the code screen (docs/product.md#client-state, `signupData`). */
export type SignupData = {
  accountType: AccountType
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
}
