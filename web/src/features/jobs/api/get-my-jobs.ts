import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { Job } from '../types'

/** The logged-in recruiter's own jobs, newest first. */
export async function getMyJobs(): Promise<Job[]> {
  const { data } = await api<Schemas['JobListResponse']>('/jobs/getAllJobs')
  return data ?? []
}

export const myJobsQueryOptions = () => queryOptions({ queryKey: ['jobs', 'mine'], queryFn: getMyJobs })

export const useMyJobs = () => useQuery(myJobsQueryOptions())
