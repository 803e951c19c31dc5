import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { Job } from '../types'

/** Per user: the cache is cleared on every login and logout as well. */
const savedKey = (userId: string | null) => ['jobs', 'saved', userId] as const

/** The applicant's saved jobs that are still listed, the most recently saved first. */
export async function getSavedJobs(): Promise<Job[]> {
  const { data } = await payload(api.GET('/jobs/saved'))
  return data
}

/** The signed-in applicant's saved jobs (none is asked for without a user); every screen says a failure in place. */
export const savedJobsQueryOptions = (userId: string | null, { fresh = false } = {}) =>
  queryOptions({
    queryKey: savedKey(userId),
    queryFn: getSavedJobs,
    enabled: userId !== null,
    refetchOnMount: fresh ? 'always' : true,
    meta: { errorToast: false },
  })

/** `fresh` asks the server again on every mount: the Saved Jobs page shows a job that closed since. */
export function useSavedJobs({ fresh = false } = {}) {
  const { userId } = useSession()
  return useQuery(savedJobsQueryOptions(userId, { fresh }))
}

export const saveJob = (jobId: string) => payload(api.PUT('/jobs/saved/{jobId}', { params: { path: { jobId } } }))

export const unsaveJob = (jobId: string) => payload(api.DELETE('/jobs/saved/{jobId}', { params: { path: { jobId } } }))

type SavedJobToggle = { job: Job; save: boolean }

/**
 * Saves or forgets a job. The saved list changes at once (every Save button reads it), and goes back
 * to what it was if the server refuses; it is refetched either way. `errorToast`: the failure's toast
 * (lib/query-client's MutationMeta); without one, the server's message.
 */
export function useToggleSavedJob(errorToast?: MutationErrorToast<SavedJobToggle> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const key = savedKey(userId)
  return useMutation({
    mutationFn: ({ job, save }: SavedJobToggle) => (save ? saveJob(job._id) : unsaveJob(job._id)),
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
    meta: { errorToast },
  })
}
