import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { api, payload } from '@/lib/api-client'
import { clearSession, setToken, useSessionState } from './session'
import { ANY_ACCOUNT_TYPES, storeUser, USER_QUERY_KEY, userQueryOptions, type AnyAccountType, type User } from './user'

/**
 * The session as every screen and feature reads it: who is signed in (`user`, null while a token
 * has no known user yet), as what, and whether a session is on at all (`loggedIn`: there is a token).
 */
export function useSession() {
  const { token, signedOut } = useSessionState()
  const { data } = useQuery(userQueryOptions(token))
  const user = token !== null ? (data ?? null) : null
  // A stored user is whatever local storage held: an unknown type is none at all.
  const accountType: AnyAccountType | null = user && ANY_ACCOUNT_TYPES.includes(user.accountType) ? user.accountType : null
  return { user, userId: user?._id ?? null, accountType, loggedIn: token !== null, signedOut }
}

/** Replaces the signed-in user (a profile save returns the new one), here and in local storage. */
export function useSetUser() {
  const queryClient = useQueryClient()
  return useCallback(
    (user: User) => {
      storeUser(user)
      queryClient.setQueryData(USER_QUERY_KEY, user)
    },
    [queryClient],
  )
}

/**
 * Starts the session a login returned. Nothing cached for whoever used this tab before survives it;
 * the user just received is the one the first-load fetch would ask for again.
 */
export function useStartSession() {
  const queryClient = useQueryClient()
  return useCallback(
    ({ token, user }: { token: string; user: User }) => {
      queryClient.clear()
      storeUser(user)
      queryClient.setQueryData(USER_QUERY_KEY, user)
      setToken(token)
    },
    [queryClient],
  )
}

/**
 * Ends the session on this device: storage and the whole query cache, then leads to / and says
 * `message` in a toast. The logout and an account's deletion both end this way.
 */
export function useEndSession() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(
    async (message: string) => {
      clearSession({ signedOut: true })
      await navigate('/')
      queryClient.clear()
      toast.success(message)
    },
    [navigate, queryClient],
  )
}

/** Ends the session: on the server, here (storage and the whole query cache), and leads to / with "Logged Out". */
export function useLogout() {
  const endSession = useEndSession()
  return useCallback(async () => {
    // The server forgets the token; a failure there must not keep the person logged in here.
    await payload(api.POST('/auth/logout')).catch(() => undefined)
    await endSession('Logged Out')
  }, [endSession])
}
