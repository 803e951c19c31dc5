import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { ScreeningQuery } from '../screening'
import type { Application } from '../types'

/** Resume links in applications work for ten minutes (API); lists are fetched again every five. */
const RESUME_LINK_REFRESH_MS = 5 * 60 * 1000

/**
 * Which of a hiring team member's applications a list shows: all of them, those to the jobs they are
 * in charge of or on the hiring team of, or those nobody has looked at yet (applied, no rating, no note).
 */
export type ListView = 'all' | 'assigned' | 'review'

export const LIST_VIEWS: readonly ListView[] = ['all', 'assigned', 'review']

/** An applicant's own applications, or the applications a recruiter received (in `view`; an applicant's list has none). */
export async function getApplications(view?: ListView): Promise<Application[]> {
  const { applications } = await payload(api.GET('/auth/applications', { params: { query: { view } } }))
  return applications
}

/** Keyed by the user (and the cache is cleared on every login and logout), so nobody reads the previous person's applications. */
export const applicationsQueryOptions = (userId: string | null, view?: ListView) =>
  queryOptions({
    queryKey: view ? ['applications', 'mine', userId, view] : ['applications', 'mine', userId],
    queryFn: () => getApplications(view),
    enabled: userId !== null,
    refetchInterval: RESUME_LINK_REFRESH_MS,
    // Only the lists of applications say a failure (with their own words).
    meta: { errorToast: false },
  })

type ApplicationsOptions = {
  /** `false` asks for none (a screen for one account type). */
  enabled?: boolean
  errorToast?: ErrorToast
  /** A recruiter's view of their list; an applicant's has none. */
  view?: ListView
}

/** The signed-in person's applications. */
export function useApplications({ enabled = true, errorToast, view }: ApplicationsOptions = {}) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(applicationsQueryOptions(userId, view), errorToast), enabled: enabled && userId !== null })
}

/** One job's applications, narrowed by the screening filters set in `query` (docs/rules.md#screening). */
export async function getJobApplications(jobId: string, query: ScreeningQuery = {}): Promise<Application[]> {
  const { applications } = await payload(api.GET('/auth/jobs/applications/{jobId}', { params: { path: { jobId }, query } }))
  return applications
}

/** Every list of the job's applications, whatever its filters: what a change to one of them updates. */
export const jobApplicationsKey = (jobId: string) => ['applications', 'job', jobId] as const

export const jobApplicationsQueryOptions = (jobId: string, query: ScreeningQuery = {}) =>
  queryOptions({
    queryKey: [...jobApplicationsKey(jobId), query],
    queryFn: () => getJobApplications(jobId, query),
    refetchInterval: RESUME_LINK_REFRESH_MS,
  })

export const useJobApplications = (jobId: string, query: ScreeningQuery, errorToast?: ErrorToast | false) =>
  useQuery(withErrorToast(jobApplicationsQueryOptions(jobId, query), errorToast))

export type ApplicationsOverview = Schemas['ApplicationsOverview']

/** One job's applications counted by status and per day (the last 30); refetched with every list, as decisions change it. */
export async function getJobApplicationsOverview(jobId: string): Promise<ApplicationsOverview> {
  const { data } = await payload(api.GET('/auth/jobs/applications/{jobId}/overview', { params: { path: { jobId } } }))
  return data
}

/** Its figures are left out when they fail: the list below says so. */
export const useJobApplicationsOverview = (jobId: string) =>
  useQuery({ queryKey: ['applications', 'overview', jobId], queryFn: () => getJobApplicationsOverview(jobId), meta: { errorToast: false } })
