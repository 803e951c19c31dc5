import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { safeNext } from '@/lib/api-client'
import { useSession, type AnyAccountType } from '@/lib/auth'

const DEFAULT_AFTER_LOGIN = '/dashboard/my-profile'
const ADMIN_HOME = '/dashboard/admin'

/** Where a login without a `next` leads: an Admin to the console, anyone else to their profile. */
export const afterLogin = (accountType: AnyAccountType | null | undefined) => (accountType === 'Admin' ? ADMIN_HOME : DEFAULT_AFTER_LOGIN)

/**
 * docs/product.md#login, logged-out-only screens: with a token these lead on, to the `next` page a login
 * was asked for (a job to apply to, the dashboard page a session expired on) or the dashboard.
 */
export function GuestOnly() {
  const { loggedIn, user } = useSession()
  const [params] = useSearchParams()
  return loggedIn ? <Navigate to={safeNext(params.get('next')) ?? afterLogin(user?.accountType)} replace /> : <Outlet />
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
  return <Navigate to={`/login?${new URLSearchParams({ next: pathname + search })}`} replace />
}

/** The dashboard's pages of one account type: to any other they do not exist. */
function OnlyFor({ type }: { type: AnyAccountType }) {
  const { accountType } = useSession()
  return accountType === type ? <Outlet /> : <NotFound />
}

export const RecruiterOnly = () => <OnlyFor type="Recruiter" />
export const ApplicantOnly = () => <OnlyFor type="Applicant" />
export const AdminOnly = () => <OnlyFor type="Admin" />
