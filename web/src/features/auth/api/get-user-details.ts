import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { User } from '../types'

export async function getUserDetails(): Promise<User> {
  const { data } = await api<Schemas['UserDetailsResponse']>('/auth/userDetails')
  return data
}

/** Keyed by the token, so a new login never reads the previous person's details. */
export const userDetailsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['auth', 'userDetails', token],
    queryFn: getUserDetails,
    enabled: token !== null,
    staleTime: Infinity,
  })

export const useUserDetails = (token: string | null) => useQuery(userDetailsQueryOptions(token))
