import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ApplicantDetails } from '../types'

export async function getApplicantDetails(): Promise<ApplicantDetails> {
  const { data } = await api<{ data: ApplicantDetails }>('/auth/applicantDetails')
  return data
}

/** Keyed by the token, so a later login on this device never reads the previous person's profile. */
export const applicantDetailsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['profiles', 'applicant', token],
    queryFn: getApplicantDetails,
    enabled: token !== null,
    // The resume link in it expires after an hour; a profile opened later fetches a fresh one.
    staleTime: 0,
  })

export const useApplicantDetails = (token: string | null) => useQuery(applicantDetailsQueryOptions(token))
