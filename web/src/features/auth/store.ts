import { useSyncExternalStore } from 'react'
import { SIGNUP_KEY, TOKEN_KEY, USER_KEY } from '@/lib/constants'
import type { SignupData, User } from './types'

/** A minimal external store: React reads it with useSyncExternalStore, plain code with get/set. */
function createStore<T extends object>(initial: () => T) {
  let state = initial()
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch: Partial<T>) {
      state = { ...state, ...patch }
      listeners.forEach((listener) => listener())
    },
    reset() {
      state = initial()
      listeners.forEach((listener) => listener())
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function readStoredUser(): User | null {
  try {
    const stored = localStorage.getItem(USER_KEY)
    return stored ? (JSON.parse(stored) as User) : null
  } catch {
    return null
  }
}

function readPendingSignup(): SignupData | null {
  try {
    const stored = sessionStorage.getItem(SIGNUP_KEY)
    return stored ? (JSON.parse(stored) as SignupData) : null
  } catch {
    return null
  }
}

/** docs/product.md#client-state, the session store: the signed-in user. */
export type SessionState = { user: User | null }
export const sessionStore = createStore<SessionState>(() => ({ user: readStoredUser() }))

/**
 * docs/product.md#client-state, the auth state. `signedOut` marks a logout on its way to /: the dashboard guard then
 * leads there too instead of to /login, whichever of the two renders first.
 */
export type AuthState = { signupData: SignupData | null; loading: boolean; token: string | null; signedOut: boolean }
export const authStore = createStore<AuthState>(() => ({
  signupData: readPendingSignup(),
  loading: false,
  token: localStorage.getItem(TOKEN_KEY),
  signedOut: false,
}))

export const useSessionState = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get)
export const useAuthState = () => useSyncExternalStore(authStore.subscribe, authStore.get)

/** Setting the user keeps it in local storage as JSON (docs/product.md#client-state). */
export function setUser(user: User) {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
  sessionStore.set({ user })
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token)
  authStore.set({ token, signedOut: false })
}

/**
 * The signup waiting for its code, in sessionStorage: per tab and gone when the tab closes (see
 * SIGNUP_KEY). Removed on success, and by SessionBootstrap once the person leaves /signup and /verify-email.
 */
export function setSignupData(signupData: SignupData | null) {
  if (signupData) sessionStorage.setItem(SIGNUP_KEY, JSON.stringify(signupData))
  else sessionStorage.removeItem(SIGNUP_KEY)
  authStore.set({ signupData })
}

/** Ends the session on this device: both stored keys, the user and the token. */
export function clearSession({ signedOut = false } = {}) {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
  sessionStore.set({ user: null })
  authStore.set({ token: null, signedOut })
}

/** Reloads both stores from local storage; the unit tests start each test this way. */
export function reloadStores() {
  sessionStore.reset()
  authStore.reset()
}
