import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { logout as logoutCall } from './api/auth-calls'
import { clearSession, setUser, useAuthState, useSessionState } from './store'
import { ANY_ACCOUNT_TYPES, type AnyAccountType } from './types'

/** The session as later screens need it: who is logged in, as what, and how to end it. */
export function useSession() {
  const { user } = useSessionState()
  const { token } = useAuthState()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const logout = useCallback(async () => {
    // The server forgets the token; a failure there must not keep the person logged in here.
    await logoutCall().catch(() => undefined)
    clearSession({ signedOut: true })
    await navigate('/')
    queryClient.removeQueries({ queryKey: ['auth'] })
    toast.success('Logged Out')
  }, [navigate, queryClient])

  // A stored user is whatever local storage held: an unknown type is none at all.
  const accountType: AnyAccountType | null = user && ANY_ACCOUNT_TYPES.includes(user.accountType) ? user.accountType : null
  return { user, token, accountType, setUser, logout }
}
