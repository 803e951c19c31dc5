import type { AnyAccountType } from '@/lib/auth'
import { safeNext } from '@/lib/next-page'

const DEFAULT_AFTER_LOGIN = '/dashboard/my-profile'
const ADMIN_HOME = '/dashboard/admin'

/** Where a login without a `next` leads: an Admin to the console, anyone else to their profile. */
export const afterLogin = (accountType: AnyAccountType | null | undefined) => (accountType === 'Admin' ? ADMIN_HOME : DEFAULT_AFTER_LOGIN)

/**
 * The pages a login may be asked for that only one account type can use (docs/product.md#roles): a
 * job page, because the only way from it to Login is "Log in to apply", and the dashboard pages of
 * one account type (to any other they do not exist).
 */
const PAGES_OF_ONE_TYPE: [RegExp, AnyAccountType][] = [
  [/^\/job\//, 'Applicant'],
  [/^\/dashboard\/(jobs-for-you|my-applications|saved-jobs|saved-searches)(\/|$)/, 'Applicant'],
  [/^\/dashboard\/(my-jobs|add-job|edit-job|applications|job\/applications)(\/|$)/, 'Recruiter'],
  [/^\/dashboard\/admin(\/|$)/, 'Admin'],
]

/** The account type `path` is for, or null when anyone may open it. Paths match case-insensitively, as the router's do. */
export function accountTypeFor(path: string): AnyAccountType | null {
  const pathname = path.split(/[?#]/, 1)[0].toLowerCase()
  return PAGES_OF_ONE_TYPE.find(([pattern]) => pattern.test(pathname))?.[1] ?? null
}

/**
 * docs/product.md#login: where a login (or a signup, which logs the new account in) leads: the `next`
 * page it was asked for when that is a path of this site the account can use, else the account's
 * dashboard home. A recruiter who signed up from "Log in to apply", or an applicant from "Post a
 * job", would find only a refusal there.
 */
export function destinationAfterLogin(next: string | null | undefined, accountType: AnyAccountType | null | undefined): string {
  const safe = safeNext(next)
  if (!safe) return afterLogin(accountType)
  const needs = accountTypeFor(safe)
  return needs && needs !== accountType ? afterLogin(accountType) : safe
}

/** What Login may be handed by the signup pages (React Router location state): the e-mail to fill in. */
export type LoginState = { email?: string } | null

/** The e-mail handed to Login, if any (location state is whatever the history holds). */
export function emailFromState(state: unknown): string {
  const email = state && typeof state === 'object' && 'email' in state ? state.email : undefined
  return typeof email === 'string' ? email : ''
}
