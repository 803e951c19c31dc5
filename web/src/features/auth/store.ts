import { useSyncExternalStore } from 'react'
import { SIGNUP_KEY } from '@/lib/constants'
import { createStore, readStored } from '@/lib/store'
import type { SignupData } from './types'

function readPendingSignup(): SignupData | null {
  return readStored<SignupData>(sessionStorage, SIGNUP_KEY) ?? null
}

/**
 * docs/product.md#client-state, the auth state of the logged-out screens: the signup waiting for its
 * code, and whether a login or signup call is under way. The session itself (token and user) is
 * lib/auth's.
 */
export type AuthState = { signupData: SignupData | null; loading: boolean }
export const authStore = createStore<AuthState>(() => ({ signupData: readPendingSignup(), loading: false }))

export const useAuthState = () => useSyncExternalStore(authStore.subscribe, authStore.get)

/**
 * The signup waiting for its code, in sessionStorage: per tab and gone when the tab closes (see
 * SIGNUP_KEY). Removed on success, and by SessionBootstrap once the person leaves /signup and /verify-email.
 */
export function setSignupData(signupData: SignupData | null) {
  if (signupData) sessionStorage.setItem(SIGNUP_KEY, JSON.stringify(signupData))
  else sessionStorage.removeItem(SIGNUP_KEY)
  authStore.set({ signupData })
}
