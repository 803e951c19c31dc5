import { Navigate, Outlet } from 'react-router'
import { useAuthState } from '../store'

/** SPEC section 2 "Logged-out-only routes": with a token these lead to the dashboard. */
export function GuestOnly() {
  const { token } = useAuthState()
  return token ? <Navigate to="/dashboard/my-profile" replace /> : <Outlet />
}

/** SPEC section 2 "Dashboard": login required, otherwise /login (or /, where a logout is heading). */
export function RequireAuth() {
  const { token, signedOut } = useAuthState()
  return token ? <Outlet /> : <Navigate to={signedOut ? '/' : '/login'} replace />
}
