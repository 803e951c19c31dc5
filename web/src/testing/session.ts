import { http, HttpResponse } from 'msw'
import type { User } from '@/features/auth/types'
import { reloadStores } from '@/features/auth/store'
import { TOKEN_KEY, USER_KEY } from '@/lib/constants'
import { apiUrl, server } from './server'

/** Starts the test as a person who logged in earlier: token and user stored, the server knows them. */
export function signIn(user: User) {
  localStorage.setItem(TOKEN_KEY, user.token ?? 'token')
  localStorage.setItem(USER_KEY, JSON.stringify(user))
  reloadStores()
  server.use(http.get(apiUrl('/auth/userDetails'), () => HttpResponse.json({ success: true, message: 'User details fetched successfully', data: user })))
}
