import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { useSession, type AnyAccountType } from '@/lib/auth'
import { NEXT_PARAM, withNext } from '@/lib/next-page'
import { destinationAfterLogin } from '../destination'

/**
 * docs/product.md#login, logged-out-only screens: with a token these lead on, to the `next` page a login
 * was asked for (a job to apply to, the dashboard page a session expired on) or the dashboard. The
 * same way as a login or a signup that has just succeeded, which this meets as the session starts.
 */
export function GuestOnly() {
  const { loggedIn, accountType } = useSession()
  const [params] = useSearchParams()
  return loggedIn ? <Navigate to={destinationAfterLogin(params.get(NEXT_PARAM), accountType)} replace /> : <Outlet />
}

/**
 * docs/product.md#dashboard: login required, otherwise /login, which returns here afterwards (or
 * /, where a logout is heading).
 */
export function RequireAuth() {
  const { loggedIn, signedOut } = useSession()
  const { pathname, search } = useLocation()
  if (loggedIn) return <Outlet />
  if (signedOut) return <Navigate to="/" replace />
  return <Navigate to={withNext('/login', pathname + search)} replace />
}

/** The dashboard's pages of one account type: to any other they do not exist. */
function OnlyFor({ type }: { type: AnyAccountType }) {
  const { accountType } = useSession()
  return accountType === type ? <Outlet /> : <NotFound />
}

export const RecruiterOnly = () => <OnlyFor type="Recruiter" />
export const ApplicantOnly = () => <OnlyFor type="Applicant" />
export const AdminOnly = () => <OnlyFor type="Admin" />
