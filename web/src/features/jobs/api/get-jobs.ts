import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Job } from '../types'

const PAGE_SIZE = 50

export async function getJobs(): Promise<Job[]> {
  const { data } = await api<{ data: Job[] }>(`/jobs/alljobs?page=1&limit=${PAGE_SIZE}`)
  return data ?? []
}

export const jobsQueryOptions = () => queryOptions({ queryKey: ['jobs'], queryFn: getJobs })

export const useJobs = () => useQuery(jobsQueryOptions())
