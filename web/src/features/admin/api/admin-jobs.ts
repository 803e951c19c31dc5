import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { invalidateAfterAdminChange } from './invalidate'

/** `q`: part of a title, company or recruiter's e-mail, or a job's `_id`; `hidden`: hidden jobs only. */
export type AdminJobSearch = { q: string; hidden: boolean; page: number }

export type AdminJobsPage = Omit<Schemas['AdminJobsPage'], 'success' | 'message'>

export async function getAdminJobs({ q, hidden, page }: AdminJobSearch, signal?: AbortSignal): Promise<AdminJobsPage> {
  const query = { page, ...(q ? { q } : {}), ...(hidden ? { hidden } : {}) }
  const { data, total, limit } = await payload(api.GET('/admin/jobs', { params: { query }, signal }))
  return { data, total, page, limit }
}

export const adminJobsQueryOptions = (search: AdminJobSearch) =>
  queryOptions({
    queryKey: ['admin', 'jobs', search],
    queryFn: ({ signal }) => getAdminJobs(search, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    // The console says a failure in place.
    meta: { errorToast: false },
  })

export const useAdminJobs = (search: AdminJobSearch) => useQuery(adminJobsQueryOptions(search))

const job = (jobId: string) => ({ params: { path: { jobId } } })

export const hideJob = (id: string, reason: string) => payload(api.PUT('/admin/jobs/{jobId}/hide', { ...job(id), body: { reason } }))

export const unhideJob = (id: string) => payload(api.PUT('/admin/jobs/{jobId}/unhide', job(id)))

export function useHideJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => hideJob(id, reason),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
    // The reason dialog says a refusal in place.
    meta: { errorToast: false },
  })
}

export function useUnhideJob() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: unhideJob, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
