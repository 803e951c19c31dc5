import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { arrivedSignedOut, useSession } from '@/lib/auth'
import { setSignupData, useAuthState } from '../store'

/** The pages of a signup waiting for its code; leaving them drops the pending signup (and its password). */
const SIGNUP_FLOW = new Set(['/signup', '/verify-email'])

/**
 * Reading the session here fetches the user details on first load with a token (docs/product.md#navigation;
 * lib/auth keeps them). A token the server refuses ends the session (lib/auth's endRejectedSession, which
 * the app's provider registers): a dashboard page then leads to /login and back, a public page stays and
 * shows itself to a guest.
 */
export function SessionBootstrap() {
  const { signedOut } = useSession()
  const { signupData } = useAuthState()
  const { pathname } = useLocation()

  // A logout has arrived at /; from now on the dashboard guard leads to /login again.
  useEffect(() => {
    if (signedOut && pathname === '/') arrivedSignedOut()
  }, [signedOut, pathname])

  // The pending signup lives in sessionStorage (this tab only, gone when the tab closes) so that a
  // reload of /verify-email keeps it; once the person goes elsewhere it is removed at once.
  useEffect(() => {
    if (signupData && !SIGNUP_FLOW.has(pathname.toLowerCase())) setSignupData(null)
  }, [signupData, pathname])

  return null
}
