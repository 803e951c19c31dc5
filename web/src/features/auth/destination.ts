import type { AnyAccountType } from '@/lib/auth'
import { NEXT_PARAM, safeNext } from '@/lib/next-page'
import type { AccountType } from './types'

const DEFAULT_AFTER_LOGIN = '/dashboard/my-profile'

/** Each account type's work, where a login without a `next` leads; an Applicant's is their profile. */
const HOME: Partial<Record<AnyAccountType, string>> = {
  Recruiter: '/dashboard/my-jobs',
  Admin: '/dashboard/admin',
}

/** Where a login without a `next` leads: a Recruiter to My Jobs, an Admin to the console, anyone else to their profile. */
export const afterLogin = (accountType: AnyAccountType | null | undefined) => (accountType && HOME[accountType]) ?? DEFAULT_AFTER_LOGIN

/**
 * The pages a login may be asked for that only one account type can use (docs/product.md#roles): a
 * job page, because what a login from it is for is applying (a Recruiter's work is on My Jobs), and
 * the dashboard pages of one account type (to any other they do not exist).
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

/** An invitation's page (docs/product.md#invitation), which only a Recruiter account can accept. */
const INVITATION_PAGE = /^\/invitations\/[^/]+$/

/**
 * docs/product.md#signup: the tab Signup opens on for the `next` page it was asked for: Recruiter for a
 * recruiter's page (Add Job, after "Post a job") or an invitation's, else Applicant.
 */
export function signupAccountType(next: string | null | undefined): AccountType {
  const path = (safeNext(next) ?? '').split(/[?#]/, 1)[0].toLowerCase()
  return accountTypeFor(path) === 'Recruiter' || INVITATION_PAGE.test(path) ? 'Recruiter' : 'Applicant'
}

/**
 * docs/product.md#login: where a login (or a signup, which logs the new account in) leads: the `next`
 * page it was asked for when that is a path of this site the account can use, else the account's
 * dashboard home. A recruiter who signed up from "Log in to apply", or an applicant from "Post a
 * job", would find nothing there they can do.
 */
export function destinationAfterLogin(next: string | null | undefined, accountType: AnyAccountType | null | undefined): string {
  const safe = safeNext(next)
  if (!safe) return afterLogin(accountType)
  const needs = accountTypeFor(safe)
  return needs && needs !== accountType ? afterLogin(accountType) : safe
}

/** The logged-out-only pages: each already carries where the person was heading, as its own `next`. */
const AUTH_PAGES = /^\/(login|signup|verify-email|forgot-password|update-password)(\/|$)/i

/**
 * docs/product.md#navigation: the `next` the header's Login and Signup carry, so a login or a signup
 * comes back to the page the person was on (`pathname` and `search` of the current location). On a
 * logged-out-only page, the `next` that page carries; on the home page none, since the account's
 * home (afterLogin) is a better start than the landing page.
 */
export function comeBackTo(pathname: string, search: string): string | null {
  if (AUTH_PAGES.test(pathname)) return new URLSearchParams(search).get(NEXT_PARAM)
  return pathname === '/' ? null : pathname + search
}

/** What Login may be handed by the signup pages (React Router location state): the e-mail to fill in. */
export type LoginState = { email?: string } | null

/** The e-mail handed to Login, if any (location state is whatever the history holds). */
export function emailFromState(state: unknown): string {
  const email = state && typeof state === 'object' && 'email' in state ? state.email : undefined
  return typeof email === 'string' ? email : ''
}
