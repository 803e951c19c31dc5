import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { ApplicantDetails } from '../types'

/** Resume links work for ten minutes (API); lists that carry them are fetched again every five. */
export const RESUME_LINK_REFRESH_MS = 5 * 60 * 1000

export async function getApplicantDetails(): Promise<ApplicantDetails> {
  const { data } = await api<Schemas['ApplicantDetailsResponse']>('/auth/applicantDetails')
  return data
}

/** Keyed by the token, so a later login on this device never reads the previous person's profile. */
export const applicantDetailsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['profiles', 'applicant', token],
    queryFn: getApplicantDetails,
    enabled: token !== null,
    // The resume link in it works for ten minutes: a profile opened later fetches a fresh one,
    // and one left open refreshes it before it runs out.
    staleTime: 0,
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

export const useApplicantDetails = (token: string | null) => useQuery(applicantDetailsQueryOptions(token))
