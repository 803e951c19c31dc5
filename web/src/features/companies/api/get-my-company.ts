import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { MyCompany } from '../types'

/** GET /company: the signed-in recruiter's company and their role in it. */
export const getMyCompany = (): Promise<MyCompany> => payload(api.GET('/company'))

/** The query key of the caller's company; every change to it puts the server's answer here. */
export const myCompanyQueryKey = (userId: string | null) => ['companies', 'mine', userId] as const

/** Keyed by the user (and the cache is cleared on every login and logout), so nobody reads the previous person's company. */
export const myCompanyQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: myCompanyQueryKey(userId), queryFn: getMyCompany, enabled: userId !== null })

/** The signed-in recruiter's company; `enabled: false` asks for none, `errorToast` replaces the server's message (false: none). */
export function useMyCompany({ enabled = true, errorToast }: { enabled?: boolean; errorToast?: ErrorToast | false } = {}) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(myCompanyQueryOptions(userId), errorToast), enabled: enabled && userId !== null })
}
