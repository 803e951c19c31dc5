import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { Job } from '../types'

/** GET /company/jobs: the company's jobs the caller works, newest first (a hiring manager's: those whose team they are on). */
export async function getCompanyJobs(signal?: AbortSignal): Promise<Job[]> {
  const { data } = await payload(api.GET('/company/jobs', { signal }))
  return data
}

/** Under ['jobs'], so every change to a job (and a new application, told by the bell's stream) fetches it again. */
export const companyJobsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['jobs', 'company', userId], queryFn: ({ signal }) => getCompanyJobs(signal), enabled: userId !== null })

/** The company's jobs the signed-in recruiter works. */
export function useCompanyJobs(errorToast?: ErrorToast) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(companyJobsQueryOptions(userId), errorToast), enabled: userId !== null })
}
