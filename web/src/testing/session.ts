import { authStore } from '@/features/auth/store'
import type { User } from '@/lib/auth'
import { sessionStore } from '@/lib/auth/session'
import { TOKEN_KEY, USER_KEY } from '@/lib/constants'
import { http, server } from './server'

/** Reads the session (lib/auth) and the auth state (features/auth) from storage again; every test starts this way. */
export function reloadStores() {
  sessionStore.reset()
  authStore.reset()
}

/** Starts the test as a person who logged in earlier: token and user stored, the server knows them. */
export function signIn(user: User) {
  localStorage.setItem(TOKEN_KEY, user.token ?? 'token')
  localStorage.setItem(USER_KEY, JSON.stringify(user))
  reloadStores()
  server.use(http.get('/auth/userDetails', ({ response }) => response(200).json({ success: true, message: 'User details fetched successfully', data: user })))
}
