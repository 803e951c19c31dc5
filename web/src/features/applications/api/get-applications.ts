import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Application } from '../types'

/** An applicant's own applications, or every application a recruiter received. */
export async function getApplications(): Promise<Application[]> {
  const { applications } = await api<{ applications?: Application[] }>('/auth/applications')
  return applications ?? []
}

/** Keyed by the token, so a new login never reads the previous person's applications. */
export const applicationsQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['applications', 'mine', token], queryFn: getApplications, enabled: token !== null })

export const useApplications = (token: string | null) => useQuery(applicationsQueryOptions(token))

export async function getJobApplications(jobId: string): Promise<Application[]> {
  const { applications } = await api<{ applications?: Application[] }>(`/auth/jobs/applications/${encodeURIComponent(jobId)}`)
  return applications ?? []
}

export const jobApplicationsQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: ['applications', 'job', jobId], queryFn: () => getJobApplications(jobId) })

export const useJobApplications = (jobId: string) => useQuery(jobApplicationsQueryOptions(jobId))
