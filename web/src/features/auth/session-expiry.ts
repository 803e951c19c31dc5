import { toast } from 'react-hot-toast'
import { onSessionRejected } from '@/lib/api-client'
import { authStore, clearSession } from './store'

export const SESSION_EXPIRED = 'Your session has expired, please log in again'

/**
 * One place for a token the server refuses: the session ends on this device and the person is told
 * once (several calls may fail together). The dashboard's guard then leads to /login?next=<where
 * they were>; a public page simply shows itself to a guest.
 */
export function endRejectedSession() {
  if (!authStore.get().token) return
  clearSession()
  toast.error(SESSION_EXPIRED, { id: 'session-expired' })
}

onSessionRejected(endRejectedSession)
