import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { safeNext } from '@/lib/api-client'
import { useAuthState } from '../store'
import type { AccountType } from '../types'
import { useSession } from '../use-session'

export const DEFAULT_AFTER_LOGIN = '/dashboard/my-profile'

/**
 * SPEC section 2 "Logged-out-only routes": with a token these lead on, to the `next` page a login
 * was asked for (a job to apply to, the dashboard page a session expired on) or the dashboard.
 */
export function GuestOnly() {
  const { token } = useAuthState()
  const [params] = useSearchParams()
  return token ? <Navigate to={safeNext(params.get('next')) ?? DEFAULT_AFTER_LOGIN} replace /> : <Outlet />
}

/**
 * SPEC section 2 "Dashboard": login required, otherwise /login, which returns here afterwards (or
 * /, where a logout is heading).
 */
export function RequireAuth() {
  const { token, signedOut } = useAuthState()
  const { pathname, search } = useLocation()
  if (token) return <Outlet />
  if (signedOut) return <Navigate to="/" replace />
  return <Navigate to={`/login?${new URLSearchParams({ next: pathname + search })}`} replace />
}

/** The dashboard's pages of one account type: to any other they do not exist. */
function OnlyFor({ type }: { type: AccountType }) {
  const { accountType } = useSession()
  return accountType === type ? <Outlet /> : <NotFound />
}

export const RecruiterOnly = () => <OnlyFor type="Recruiter" />
export const ApplicantOnly = () => <OnlyFor type="Applicant" />
