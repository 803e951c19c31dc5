import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import { invalidateAfterAdminChange } from './invalidate'

/** `q`: part of a title, company or recruiter's e-mail, or a job's `_id`; `hidden`: hidden jobs only. */
export type AdminJobSearch = { q: string; hidden: boolean; page: number }

export type AdminJobsPage = Omit<Schemas['AdminJobsPage'], 'success' | 'message'>

export async function getAdminJobs({ q, hidden, page }: AdminJobSearch, signal?: AbortSignal): Promise<AdminJobsPage> {
  const params = new URLSearchParams({ page: String(page) })
  if (q) params.set('q', q)
  if (hidden) params.set('hidden', 'true')
  const { data, total, limit } = await api<Schemas['AdminJobsPage']>(`/admin/jobs?${params}`, { signal })
  return { data: data ?? [], total, page, limit }
}

export const adminJobsQueryOptions = (search: AdminJobSearch) =>
  queryOptions({
    queryKey: ['admin', 'jobs', search],
    queryFn: ({ signal }) => getAdminJobs(search, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  })

export const useAdminJobs = (search: AdminJobSearch) => useQuery(adminJobsQueryOptions(search))

const jobPath = (id: string) => `/admin/jobs/${encodeURIComponent(id)}`

export const hideJob = (id: string, reason: string) => api<Schemas['AdminJobResponse']>(`${jobPath(id)}/hide`, { method: 'PUT', body: { reason } })

export const unhideJob = (id: string) => api<Schemas['AdminJobResponse']>(`${jobPath(id)}/unhide`, { method: 'PUT' })

export function useHideJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => hideJob(id, reason),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
  })
}

export function useUnhideJob() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: unhideJob, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
