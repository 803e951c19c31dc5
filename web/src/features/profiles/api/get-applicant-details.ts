import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { ApplicantDetails } from '../types'
import { PROFILE_LOAD_TOAST } from './load-error-toast'

/** Resume links work for ten minutes (API); lists that carry them are fetched again every five. */
export const RESUME_LINK_REFRESH_MS = 5 * 60 * 1000

export async function getApplicantDetails(): Promise<ApplicantDetails> {
  const { data } = await payload(api.GET('/auth/applicantDetails'))
  return data
}

/** Keyed by the user (and the cache is cleared on every login and logout), so nobody reads the previous person's profile. */
export const applicantDetailsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['profiles', 'applicant', userId],
    queryFn: getApplicantDetails,
    enabled: userId !== null,
    meta: { errorToast: PROFILE_LOAD_TOAST },
    // The resume link in it works for ten minutes: a profile opened later fetches a fresh one,
    // and one left open refreshes it before it runs out.
    staleTime: 0,
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

/** While the server reads a new resume's words (docs/rules.md#resume-text), how often a screen that says so asks again. */
export const RESUME_READING_REFRESH_MS = 3000

/** Every few seconds while the resume is being read, then back to refreshing its link. */
const untilRead = ({ state }: { state: { data?: ApplicantDetails } }) =>
  state.data?.resumeText === 'pending' ? RESUME_READING_REFRESH_MS : RESUME_LINK_REFRESH_MS

/**
 * The signed-in applicant's profile; `enabled: false` asks for none (another account type),
 * `errorToast` replaces the profile's own, `followReading` fetches it again every few seconds while
 * its resume is being read.
 */
export function useApplicantDetails({
  enabled = true,
  errorToast,
  followReading = false,
}: { enabled?: boolean; errorToast?: ErrorToast | false; followReading?: boolean } = {}) {
  const { userId } = useSession()
  const options = withErrorToast(applicantDetailsQueryOptions(userId), errorToast)
  return useQuery({ ...options, enabled: enabled && userId !== null, refetchInterval: followReading ? untilRead : options.refetchInterval })
}
