import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, ApiError, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { GivenAnswer } from '../apply-answers'
import type { Application, Decision } from '../types'
import { applicationsQueryOptions, jobApplicationsKey } from './get-applications'
import { changedParts, mergeApplication } from './merge-application'

/** What an application sends: the statement, and the answers to the job's questions (an empty list when it asks none). */
export type ApplyBody = { sop: string; answers: GivenAnswer[] }

export const applyToJob = (jobId: string, { sop, answers }: ApplyBody) =>
  payload(api.POST('/jobs/apply/{jobId}', { params: { path: { jobId } }, body: { sop, answers } }))

/** docs/product.md#job-applications: a status answer without the application is an error of its own. */
export async function updateApplicationStatus(applicationId: string, status: Decision) {
  const { message, data } = await payload(api.PUT('/auth/updateapplicationstatus/{applicationId}', { params: { path: { applicationId } }, body: { status } }))
  // The document promises `data`; an answer that breaks the promise must not reach the list.
  if (!(data as Application | undefined)) throw new ApiError('Unexpected API response', 200)
  return { message, data }
}

/**
 * What applying and withdrawing change: every list of applications (the applicant's, which the job
 * page reads to say "Applied" or "Withdrawn", and the job's own with its overview) and every view of
 * jobs (the job page's applicationsCount, the search, Jobs for You, which leaves out applied jobs).
 */
const refreshAfterApplying = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: ['applications'] }), queryClient.invalidateQueries({ queryKey: ['jobs'] })])

/** The applicant's own list with `changed` in it at once, in place of its old self or first, before the refetch confirms it. */
function putMine(queryClient: QueryClient, userId: string | null, changed: Application) {
  queryClient.setQueryData<Application[]>(applicationsQueryOptions(userId).queryKey, (list) => {
    if (!list) return list
    return list.some((each) => each._id === changed._id)
      ? list.map((each) => (each._id === changed._id ? { ...each, ...changedParts(changed) } : each))
      : [changed, ...list]
  })
}

/**
 * Applying adds to the applicant's applications and to the job's applicationsCount. `errorToast`,
 * here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message.
 */
export function useApply(jobId: string, errorToast?: MutationErrorToast<ApplyBody> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: (body: ApplyBody) => applyToJob(jobId, body),
    onSuccess: ({ application }) => putMine(queryClient, userId, application),
    onSettled: () => refreshAfterApplying(queryClient),
    meta: { errorToast },
  })
}

/** The decided application replaces its old self in the job's lists at once, then every list refetches. */
export function useUpdateApplicationStatus(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ applicationId, status }: { applicationId: string; status: Decision }) => updateApplicationStatus(applicationId, status),
    onSuccess: ({ data }) => queryClient.setQueriesData<Application[]>({ queryKey: jobApplicationsKey(jobId) }, (list) => mergeApplication(list, data)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  })
}

export const withdrawApplication = (applicationId: string) =>
  payload(api.PUT('/auth/withdrawapplication/{applicationId}', { params: { path: { applicationId } } }))

/** Withdrawing changes the applicant's list (the job page then says "Withdrawn", not "Applied") and frees a place on the job. */
export function useWithdrawApplication(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: ({ data }) => putMine(queryClient, userId, data),
    onSettled: () => refreshAfterApplying(queryClient),
    meta: { errorToast },
  })
}
