import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { Application } from '../types'

/** Resume links in applications work for ten minutes (API); lists are fetched again every five. */
const RESUME_LINK_REFRESH_MS = 5 * 60 * 1000

/** An applicant's own applications, or every application a recruiter received. */
export async function getApplications(): Promise<Application[]> {
  const { applications } = await api<Schemas['ApplicationsResponse']>('/auth/applications')
  return applications ?? []
}

/** Keyed by the token, so a new login never reads the previous person's applications. */
export const applicationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['applications', 'mine', token],
    queryFn: getApplications,
    enabled: token !== null,
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

export const useApplications = (token: string | null) => useQuery(applicationsQueryOptions(token))

export async function getJobApplications(jobId: string): Promise<Application[]> {
  const { applications } = await api<Schemas['ApplicationsResponse']>(`/auth/jobs/applications/${encodeURIComponent(jobId)}`)
  return applications ?? []
}

export const jobApplicationsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['applications', 'job', jobId],
    queryFn: () => getJobApplications(jobId),
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

export const useJobApplications = (jobId: string) => useQuery(jobApplicationsQueryOptions(jobId))

export type ApplicationsOverview = Schemas['ApplicationsOverview']

/** One job's applications counted by status and per day (the last 30); refetched with every list, as decisions change it. */
export async function getJobApplicationsOverview(jobId: string): Promise<ApplicationsOverview> {
  const { data } = await api<Schemas['OverviewResponse']>(`/auth/jobs/applications/${encodeURIComponent(jobId)}/overview`)
  return data
}

export const useJobApplicationsOverview = (jobId: string) =>
  useQuery({ queryKey: ['applications', 'overview', jobId], queryFn: () => getJobApplicationsOverview(jobId) })
