import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { useUserDetails } from '../api/get-user-details'
import { authStore, clearSession, sessionStore, setUser, useAuthState } from '../store'

/**
 * On first load with a token the user details are fetched and stored (SPEC section 2); a token the
 * server refuses ends the session here and leads to /login.
 */
export function SessionBootstrap() {
  const { token, signedOut } = useAuthState()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { data, error, isFetching } = useUserDetails(token)

  useEffect(() => {
    sessionStore.set({ loading: isFetching })
  }, [isFetching])

  useEffect(() => {
    if (data) setUser(data)
  }, [data])

  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) {
      clearSession()
      navigate('/login', { replace: true })
    }
  }, [error, navigate])

  // A logout has arrived at /; from now on the dashboard guard leads to /login again.
  useEffect(() => {
    if (signedOut && pathname === '/') authStore.set({ signedOut: false })
  }, [signedOut, pathname])

  return null
}
