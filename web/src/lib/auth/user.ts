import { queryOptions } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { accountTypeValues } from '@/lib/api-types'
import { USER_KEY } from '@/lib/constants'
import { readStored } from '@/lib/store'
import { getToken } from './session'

/** The user object (docs/api.md#objects), as the server returns it. */
export type User = Schemas['User']

/** Every type an account may have: Applicant and Recruiter (signup), and Admin (`jobportal create-admin`). */
export type AnyAccountType = Schemas['AccountType']
export const ANY_ACCOUNT_TYPES: readonly AnyAccountType[] = accountTypeValues

/** The user kept in local storage `user` (docs/product.md#client-state): shown at once on the next visit. */
function readStoredUser(): User | undefined {
  return readStored<User>(localStorage, USER_KEY)
}

/** The id of the person signed in on this device as it was left (a token and a stored user), before anything is fetched; null for a guest. */
export const storedUserId = (): string | null => (getToken() !== null ? (readStoredUser()?._id ?? null) : null)

export function storeUser(user: User) {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export async function getUserDetails(): Promise<User> {
  const { data } = await payload(api.GET('/auth/userDetails'))
  storeUser(data)
  return data
}

/** The one key of the signed-in user; the cache is cleared on every login and logout, so it never holds another person's. */
export const USER_QUERY_KEY = ['auth', 'user'] as const

/**
 * The signed-in user: the one copy the app reads (useSession). It starts from the copy kept in local
 * storage, is fetched from the server once per session (docs/product.md#navigation: on first load
 * with a token), and is set by the login and by a profile save. `token` is the session's: none is
 * asked for without one.
 */
export const userQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getUserDetails,
    enabled: token !== null,
    initialData: readStoredUser,
    // The stored copy counts as old, so the first use fetches the details; the answer, or a user
    // the login or a profile save set, is kept for the rest of the session.
    initialDataUpdatedAt: 0,
    staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Infinity),
    // A refused token says so once (session expiry); any other failure keeps the stored user.
    meta: { errorToast: false },
  })
