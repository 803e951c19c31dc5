import type { QueryClient } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import { clearSession, getToken } from './session'
import { USER_QUERY_KEY } from './user'

export const SESSION_EXPIRED = 'Your session has expired, please log in again'
/** The server's word for a session an admin's suspension ended: said as it is, not as an expiry. */
export const ACCOUNT_SUSPENDED = 'This account has been suspended'

/**
 * One place for a token the server refuses (the app's provider registers it with lib/api-client):
 * the session ends on this device and the person is told once (several calls may fail together).
 * The dashboard's guard then leads to /login?next=<where they were>; a public page simply shows
 * itself to a guest.
 */
export function endRejectedSession(queryClient: QueryClient, message?: string) {
  if (!getToken()) return
  clearSession()
  queryClient.removeQueries({ queryKey: USER_QUERY_KEY })
  toast.error(message === ACCOUNT_SUSPENDED ? ACCOUNT_SUSPENDED : SESSION_EXPIRED, { id: 'session-expired' })
}
