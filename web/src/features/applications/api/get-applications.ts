import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { Application } from '../types'

/** Resume links in applications work for ten minutes (API); lists are fetched again every five. */
const RESUME_LINK_REFRESH_MS = 5 * 60 * 1000

/** An applicant's own applications, or every application a recruiter received. */
export async function getApplications(): Promise<Application[]> {
  const { applications } = await payload(api.GET('/auth/applications'))
  return applications
}

/** Keyed by the user (and the cache is cleared on every login and logout), so nobody reads the previous person's applications. */
export const applicationsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['applications', 'mine', userId],
    queryFn: getApplications,
    enabled: userId !== null,
    refetchInterval: RESUME_LINK_REFRESH_MS,
    // Only the lists of applications say a failure (with their own words).
    meta: { errorToast: false },
  })

/** The signed-in person's applications; `enabled: false` asks for none (a screen for one account type). */
export function useApplications({ enabled = true, errorToast }: { enabled?: boolean; errorToast?: ErrorToast } = {}) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(applicationsQueryOptions(userId), errorToast), enabled: enabled && userId !== null })
}

export async function getJobApplications(jobId: string): Promise<Application[]> {
  const { applications } = await payload(api.GET('/auth/jobs/applications/{jobId}', { params: { path: { jobId } } }))
  return applications
}

export const jobApplicationsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['applications', 'job', jobId],
    queryFn: () => getJobApplications(jobId),
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

export const useJobApplications = (jobId: string, errorToast?: ErrorToast | false) => useQuery(withErrorToast(jobApplicationsQueryOptions(jobId), errorToast))

export type ApplicationsOverview = Schemas['ApplicationsOverview']

/** One job's applications counted by status and per day (the last 30); refetched with every list, as decisions change it. */
export async function getJobApplicationsOverview(jobId: string): Promise<ApplicationsOverview> {
  const { data } = await payload(api.GET('/auth/jobs/applications/{jobId}/overview', { params: { path: { jobId } } }))
  return data
}

/** Its figures are left out when they fail: the list below says so. */
export const useJobApplicationsOverview = (jobId: string) =>
  useQuery({ queryKey: ['applications', 'overview', jobId], queryFn: () => getJobApplicationsOverview(jobId), meta: { errorToast: false } })
