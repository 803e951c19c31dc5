import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { RecruiterDetails } from '../types'
import { PROFILE_LOAD_TOAST } from './load-error-toast'

export async function getRecruiterDetails(): Promise<RecruiterDetails> {
  const { data } = await payload(api.GET('/auth/recruiterDetails'))
  return data
}

/** Keyed by the user (and the cache is cleared on every login and logout), so nobody reads the previous person's profile. */
export const recruiterDetailsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['profiles', 'recruiter', userId],
    queryFn: getRecruiterDetails,
    enabled: userId !== null,
    meta: { errorToast: PROFILE_LOAD_TOAST },
  })

/** The signed-in recruiter's profile; `errorToast` replaces the profile's own. */
export function useRecruiterDetails({ errorToast }: { errorToast?: ErrorToast | false } = {}) {
  const { userId } = useSession()
  return useQuery(withErrorToast(recruiterDetailsQueryOptions(userId), errorToast))
}
