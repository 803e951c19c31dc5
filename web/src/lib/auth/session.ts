import { useSyncExternalStore } from 'react'
import { SKILLS_OFFER_KEY, TOKEN_KEY, USER_KEY } from '@/lib/constants'
import { clearOfflineCaches } from '@/lib/offline-cache'
import { createStore } from '@/lib/store'

/**
 * docs/product.md#client-state: the session on this device, its token mirrored in local storage
 * `token` (the signed-in user is the current-user query's, see ./user.ts). `signedOut` marks a
 * logout on its way to /: the dashboard guard then leads there too instead of to /login, whichever
 * of the two renders first.
 */
export type SessionState = { token: string | null; signedOut: boolean }

export const sessionStore = createStore<SessionState>(() => ({ token: localStorage.getItem(TOKEN_KEY), signedOut: false }))

/** A page drawn ahead of the app (the server's templates, lib/template.tsx) is drawn for a guest. */
const GUEST: SessionState = { token: null, signedOut: false }

export const useSessionState = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => GUEST)

/** The token every call sends (lib/api-client reads it here). */
export const getToken = () => sessionStore.get().token

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token)
  sessionStore.set({ token, signedOut: false })
}

/**
 * Ends the session on this device: the token, the user, what the person set aside here, and every
 * cache kept for reading offline (lib/offline-cache), whoever's. Logout, an account's deletion and
 * a refused token all end here.
 */
export function clearSession({ signedOut = false } = {}) {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
  for (const key of Object.keys(localStorage).filter((key) => key.startsWith(`${SKILLS_OFFER_KEY}:`))) {
    localStorage.removeItem(key)
  }
  clearOfflineCaches()
  sessionStore.set({ token: null, signedOut })
}

/** The logout has arrived at /: from now on the dashboard guard leads to /login again. */
export const arrivedSignedOut = () => sessionStore.set({ signedOut: false })
