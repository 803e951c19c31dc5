import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { Job } from '../types'

/** Per session, so another person signing in on this tab never sees the last one's list. */
const savedKey = (token: string | null) => ['jobs', 'saved', token] as const

/** The applicant's saved jobs that are still listed, the most recently saved first. */
export async function getSavedJobs(): Promise<Job[]> {
  const { data } = await api<Schemas['SavedJobsResponse']>('/jobs/saved')
  return data ?? []
}

/**
 * The signed-in applicant's saved jobs (`token` is the session's; none is asked for without one).
 * `fresh` asks the server again on every mount: the Saved Jobs page shows a job that closed since.
 */
export const useSavedJobs = (token: string | null, { fresh = false } = {}) =>
  useQuery({ queryKey: savedKey(token), queryFn: getSavedJobs, enabled: !!token, refetchOnMount: fresh ? 'always' : true })

export const saveJob = (jobId: string) => api<Schemas['Ack']>(`/jobs/saved/${encodeURIComponent(jobId)}`, { method: 'PUT' })

export const unsaveJob = (jobId: string) => api<Schemas['Ack']>(`/jobs/saved/${encodeURIComponent(jobId)}`, { method: 'DELETE' })

/**
 * Saves or forgets a job. The saved list changes at once (every Save button reads it), and goes back
 * to what it was if the server refuses; it is refetched either way.
 */
export function useToggleSavedJob(token: string | null) {
  const queryClient = useQueryClient()
  const key = savedKey(token)
  return useMutation({
    mutationFn: ({ job, save }: { job: Job; save: boolean }) => (save ? saveJob(job._id) : unsaveJob(job._id)),
    onMutate: async ({ job, save }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Job[]>(key)
      queryClient.setQueryData<Job[]>(key, (list = []) =>
        save ? [job, ...list.filter((each) => each._id !== job._id)] : list.filter((each) => each._id !== job._id),
      )
      return { before }
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
