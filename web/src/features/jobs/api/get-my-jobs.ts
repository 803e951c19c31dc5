import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { Job } from '../types'

/** The logged-in recruiter's own jobs, newest first. */
export async function getMyJobs(): Promise<Job[]> {
  const { data } = await payload(api.GET('/jobs/getAllJobs'))
  return data
}

export const myJobsQueryOptions = () => queryOptions({ queryKey: ['jobs', 'mine'], queryFn: getMyJobs })

export const useMyJobs = (errorToast?: ErrorToast) => useQuery(withErrorToast(myJobsQueryOptions(), errorToast))
