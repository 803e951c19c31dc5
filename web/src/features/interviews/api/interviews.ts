import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, apiUrl, OFFLINE_MESSAGE, payload } from '@/lib/api-client'
import { getToken } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { Interview } from '../types'

/** Every interview query starts with this key, so any change refetches them all. */
const ALL = ['interviews'] as const

export const getApplicationInterviews = async (applicationId: string): Promise<Interview[]> =>
  (await payload(api.GET('/auth/applications/{applicationId}/interviews', { params: { path: { applicationId } } }))).interviews

export const getInterview = async (interviewId: string): Promise<Interview> =>
  (await payload(api.GET('/auth/interviews/{interviewId}', { params: { path: { interviewId } } }))).data

/** The name a downloaded calendar file is saved under. */
export const CALENDAR_FILE_NAME = 'interview.ics'

const calendarFileUrl = (interviewId: string) =>
  `${apiUrl('/auth/interviews/{interviewId}').replace('{interviewId}', encodeURIComponent(interviewId))}/calendar.ics`

/** The `message` of a refusal's JSON envelope, when it has one. */
async function refusalMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null)
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : ''
}

/**
 * GET /auth/interviews/{interviewId}/calendar.ics: a booked interview's calendar file (text/calendar
 * bytes). Called with fetch and the session's bearer token, as lib/api-client sends it: the typed
 * client knows only the paths in api-types, and this one is not among them yet. A refusal throws an
 * ApiError with the server's message, as the client's calls do.
 */
export async function getCalendarFile(interviewId: string): Promise<Blob> {
  const token = getToken()
  let response: Response
  try {
    response = await fetch(calendarFileUrl(interviewId), { headers: { Accept: 'text/calendar', ...(token ? { Authorization: `Bearer ${token}` } : {}) } })
  } catch {
    throw new ApiError(OFFLINE_MESSAGE, 0)
  }
  if (!response.ok) {
    const message = await refusalMessage(response)
    throw message ? new ApiError(message, response.status) : new Error(`The calendar file was refused with ${response.status}`)
  }
  return response.blob()
}

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
 * stale, so the fresh one shows where the interview really stands). `errorToast`: the failure's toast
 * (lib/query-client's MutationMeta); without one, the server's message.
 */
function useInterviewChange<V>(change: (variables: V) => Promise<{ message: string; data: Interview }>, errorToast?: MutationErrorToast<V> | false) {
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
    meta: { errorToast },
  })
}

export const useProposeInterview = (applicationId: string, errorToast?: MutationErrorToast<Proposal> | false) =>
  useInterviewChange((body: Proposal) => proposeInterview(applicationId, body), errorToast)

export const useBookInterview = (interviewId: string, errorToast?: MutationErrorToast<number> | false) =>
  useInterviewChange((slot: number) => bookInterview(interviewId, slot), errorToast)

export const useRescheduleInterview = (interviewId: string, errorToast?: MutationErrorToast<Reschedule> | false) =>
  useInterviewChange((body: Reschedule) => rescheduleInterview(interviewId, body), errorToast)

export const useCancelInterview = (interviewId: string, errorToast?: MutationErrorToast<void> | false) =>
  useInterviewChange(() => cancelInterview(interviewId), errorToast)
