import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import type { MutationErrorToast } from '@/lib/query-client'
import type { QuestionInput } from '../types'

/** A form whose `questions` are typed: the document declares them as objects without naming their fields. */
type WithQuestions<Form> = Omit<Form, 'questions'> & { questions?: QuestionInput[] }

/** What createJob receives: skillsets as a list, categoryName holding the category _id. */
export type NewJob = WithQuestions<Schemas['JobForm']>

/** What updateJob receives; without `questions` the job keeps its questions. */
export type JobEdit = WithQuestions<Schemas['JobEditForm']>

/** The body as the document types it, its questions being objects of fields it does not name. */
const asDocumented = <Form>(body: WithQuestions<Form>) => body as unknown as Form

const job = (jobId: string) => ({ params: { path: { jobId } } })

export const createJob = (body: NewJob) => payload(api.POST('/jobs/createJob', { body: asDocumented<Schemas['JobForm']>(body) }))

export const updateJob = (jobId: string, edit: JobEdit) =>
  payload(api.PUT('/jobs/updateJob/{jobId}', { ...job(jobId), body: asDocumented<Schemas['JobEditForm']>(edit) }))

export const closeJob = (jobId: string) => payload(api.PUT('/jobs/closeJob/{jobId}', job(jobId)))

export const reopenJob = (jobId: string) => payload(api.PUT('/jobs/reopenJob/{jobId}', job(jobId)))

export const deleteJob = (jobId: string) => payload(api.DELETE('/jobs/deleteJob/{jobId}', job(jobId)))

/**
 * A job change shows on every list of jobs (the recruiter's, the search, a category's page) and on
 * its view; a deleted job also takes its applications with it.
 */
function invalidateJobs(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['jobs'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['applications'] }),
  ])
}

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useCreateJob(errorToast?: MutationErrorToast<NewJob> | false) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createJob, onSuccess: () => invalidateJobs(queryClient), meta: { errorToast } })
}

export function useUpdateJob(jobId: string, errorToast?: MutationErrorToast<JobEdit> | false) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (edit: JobEdit) => updateJob(jobId, edit), onSuccess: () => invalidateJobs(queryClient), meta: { errorToast } })
}

export function useDeleteJob(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteJob, onSuccess: () => invalidateJobs(queryClient), meta: { errorToast } })
}

type JobClosing = { jobId: string; reopen: boolean }

/** Closes a job to applications before its deadline, or reopens it (`reopen`). */
export function useCloseJob(errorToast?: MutationErrorToast<JobClosing> | false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ jobId, reopen }: JobClosing) => (reopen ? reopenJob(jobId) : closeJob(jobId)),
    onSuccess: () => invalidateJobs(queryClient),
    meta: { errorToast },
  })
}
