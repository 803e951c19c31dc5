import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { RecruiterDetails } from '../types'

export async function getRecruiterDetails(): Promise<RecruiterDetails> {
  const { data } = await api<Schemas['RecruiterDetailsResponse']>('/auth/recruiterDetails')
  return data
}

export const recruiterDetailsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['profiles', 'recruiter', token],
    queryFn: getRecruiterDetails,
    enabled: token !== null,
  })

export const useRecruiterDetails = (token: string | null) => useQuery(recruiterDetailsQueryOptions(token))
