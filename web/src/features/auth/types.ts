/** The account types a person may sign up as (an Admin is made with `jobportal create-admin`); every type is lib/auth's AnyAccountType. */
export const ACCOUNT_TYPES = ['Applicant', 'Recruiter'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** The details kept between the signup form and the code screen (docs/product.md#client-state, `signupData`). */
export type SignupData = {
  accountType: AccountType
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
}
