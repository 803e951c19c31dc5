import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import type { Interview } from '../types'

/** Every interview query starts with this key, so any change refetches them all. */
const ALL = ['interviews'] as const

export const getApplicationInterviews = async (applicationId: string): Promise<Interview[]> =>
  (await payload(api.GET('/auth/applications/{applicationId}/interviews', { params: { path: { applicationId } } }))).interviews

export const getInterview = async (interviewId: string): Promise<Interview> =>
  (await payload(api.GET('/auth/interviews/{interviewId}', { params: { path: { interviewId } } }))).data

/** Newest first; the page says a failure in place. */
export const applicationInterviewsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...ALL, 'application', applicationId],
    queryFn: () => getApplicationInterviews(applicationId),
    meta: { errorToast: false },
  })

export const interviewQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: [...ALL, 'one', interviewId],
    queryFn: () => getInterview(interviewId),
    meta: { errorToast: false },
  })

export const useApplicationInterviews = (applicationId: string) => useQuery(applicationInterviewsQueryOptions(applicationId))

export const useInterview = (interviewId: string) => useQuery(interviewQueryOptions(interviewId))

export type Proposal = { slots: string[]; durationMinutes: number; location: string }
export type Reschedule = { startsAt: string; location?: string }

export const proposeInterview = (applicationId: string, body: Proposal) =>
  payload(api.POST('/auth/applications/{applicationId}/interviews', { params: { path: { applicationId } }, body }))

export const bookInterview = (interviewId: string, slot: number) =>
  payload(api.PUT('/auth/interviews/{interviewId}/book', { params: { path: { interviewId } }, body: { slot } }))

export const rescheduleInterview = (interviewId: string, { startsAt, location }: Reschedule) =>
  payload(api.PUT('/auth/interviews/{interviewId}/reschedule', { params: { path: { interviewId } }, body: { startsAt, ...(location ? { location } : {}) } }))

export const cancelInterview = (interviewId: string) => payload(api.PUT('/auth/interviews/{interviewId}/cancel', { params: { path: { interviewId } } }))

/**
 * The changed interview goes in place at once (its own page and its application's list); then every
 * interview query refetches, whether the change happened or was refused (a 409 says the page was
 * stale, so the fresh one shows where the interview really stands).
 */
function useInterviewChange<V>(change: (variables: V) => Promise<{ message: string; data: Interview }>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(interviewQueryOptions(data._id).queryKey, data)
      queryClient.setQueryData<Interview[]>(applicationInterviewsQueryOptions(data.applicationId).queryKey, (list) => {
        if (!list) return list
        return list.some((each) => each._id === data._id) ? list.map((each) => (each._id === data._id ? data : each)) : [data, ...list]
      })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL }),
  })
}

export const useProposeInterview = (applicationId: string) => useInterviewChange((body: Proposal) => proposeInterview(applicationId, body))

export const useBookInterview = (interviewId: string) => useInterviewChange((slot: number) => bookInterview(interviewId, slot))

export const useRescheduleInterview = (interviewId: string) => useInterviewChange((body: Reschedule) => rescheduleInterview(interviewId, body))

export const useCancelInterview = (interviewId: string) => useInterviewChange(() => cancelInterview(interviewId))
