import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import type { MutationErrorToast } from '@/lib/query-client'
import type { Stage } from '../stages'
import type { Application } from '../types'
import { jobApplicationsKey } from './get-applications'
import { mergeApplication } from './merge-application'
import { applicantSearchKey, type ApplicantSearchResponse } from './search-applicants'

export type Note = Schemas['Note']

/** Where to, from the stage the card showed (the move happens only if it is still there), and why when rejecting. */
export type StageMove = { applicationId: string; stage: Stage; from: Stage; reason?: string }

export const moveStage = ({ applicationId, stage, from, reason }: StageMove) =>
  payload(api.PUT('/auth/applications/{applicationId}/stage', { params: { path: { applicationId } }, body: { stage, from, ...(reason ? { reason } : {}) } }))

export const rateApplication = (applicationId: string, rating: number | null) =>
  payload(api.PUT('/auth/applications/{applicationId}/rating', { params: { path: { applicationId } }, body: { rating } }))

export const getNotes = async (applicationId: string): Promise<Note[]> =>
  (await payload(api.GET('/auth/applications/{applicationId}/notes', { params: { path: { applicationId } } }))).notes

export const addNote = (applicationId: string, body: string) =>
  payload(api.POST('/auth/applications/{applicationId}/notes', { params: { path: { applicationId } }, body: { body } }))

/** The job's lists (whatever their filters) and the search results with the changed application in place at once; the refetch confirms it. */
function usePutInLists(jobId: string) {
  const queryClient = useQueryClient()
  return (changed: Application) => {
    queryClient.setQueriesData<Application[]>({ queryKey: jobApplicationsKey(jobId) }, (list) => mergeApplication(list, changed))
    queryClient.setQueriesData<ApplicantSearchResponse>({ queryKey: applicantSearchKey }, (found) =>
      found && { ...found, applications: mergeApplication(found.applications, changed) ?? found.applications },
    )
  }
}

/**
 * A move changes the job's list and its overview (and the recruiter's list of all applications):
 * each refetches afterwards, whether the move happened or was refused (a 409 says the card was
 * stale, so the fresh list shows where it really is). `errorToast`, here and below: the failure's
 * toast (lib/query-client's MutationMeta); without one, the server's message.
 */
export function useMoveStage(jobId: string, errorToast?: MutationErrorToast<StageMove> | false) {
  const queryClient = useQueryClient()
  const putInList = usePutInLists(jobId)
  return useMutation({
    mutationFn: moveStage,
    onSuccess: ({ data }) => putInList(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
    meta: { errorToast },
  })
}

type RatingChange = { applicationId: string; rating: number | null }

export function useRateApplication(jobId: string, errorToast?: MutationErrorToast<RatingChange> | false) {
  const queryClient = useQueryClient()
  const putInList = usePutInLists(jobId)
  return useMutation({
    mutationFn: ({ applicationId, rating }: RatingChange) => rateApplication(applicationId, rating),
    onSuccess: ({ data }) => putInList(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobApplicationsKey(jobId) }),
    meta: { errorToast },
  })
}

export const notesQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['applications', 'notes', applicationId],
    queryFn: () => getNotes(applicationId),
    // The panel says a failure in place.
    meta: { errorToast: false },
  })

export const useNotes = (applicationId: string) => useQuery(notesQueryOptions(applicationId))

/** A new note goes on top of the list (newest first) and adds one to the card's count. */
export function useAddNote(jobId: string, applicationId: string, errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const listKey = jobApplicationsKey(jobId)
  return useMutation({
    mutationFn: (body: string) => addNote(applicationId, body),
    onSuccess: ({ note }) => {
      queryClient.setQueryData<Note[]>(notesQueryOptions(applicationId).queryKey, (notes) => (notes ? [note, ...notes] : notes))
      queryClient.setQueriesData<Application[]>({ queryKey: listKey }, (list) =>
        list?.map((each) => (each._id === applicationId ? { ...each, notesCount: (each.notesCount ?? 0) + 1 } : each)),
      )
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesQueryOptions(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: listKey }),
      ]),
    meta: { errorToast },
  })
}
