import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Job } from '../types'

export async function getJob(jobId: string): Promise<Job> {
  const { data } = await api<{ data: Job }>(`/jobs/getJob/${encodeURIComponent(jobId)}`)
  return data
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: ['jobs', 'detail', jobId], queryFn: () => getJob(jobId) })

export const useJob = (jobId: string) => useQuery(jobQueryOptions(jobId))
