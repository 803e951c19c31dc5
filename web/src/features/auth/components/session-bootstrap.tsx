import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useUserDetails } from '../api/get-user-details'
// Registers the one handler of a refused token (lib/api-client calls it).
import '../session-expiry'
import { authStore, setSignupData, setUser, useAuthState } from '../store'

/** The pages of a signup waiting for its code; leaving them drops the pending signup (and its password). */
const SIGNUP_FLOW = new Set(['/signup', '/verify-email'])

/**
 * On first load with a token the user details are fetched and stored (docs/product.md#navigation). A token the
 * server refuses ends the session (features/auth/session-expiry.ts): a dashboard page then leads to
 * /login and back, a public page stays and shows itself to a guest.
 */
export function SessionBootstrap() {
  const { token, signedOut, signupData } = useAuthState()
  const { pathname } = useLocation()
  const { data } = useUserDetails(token)

  useEffect(() => {
    if (data) setUser(data)
  }, [data])

  // A logout has arrived at /; from now on the dashboard guard leads to /login again.
  useEffect(() => {
    if (signedOut && pathname === '/') authStore.set({ signedOut: false })
  }, [signedOut, pathname])

  // The pending signup lives in sessionStorage (this tab only, gone when the tab closes) so that a
  // reload of /verify-email keeps it; once the person goes elsewhere it is removed at once.
  useEffect(() => {
    if (signupData && !SIGNUP_FLOW.has(pathname.toLowerCase())) setSignupData(null)
  }, [signupData, pathname])

  return null
}
