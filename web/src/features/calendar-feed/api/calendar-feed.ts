import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'

/** The address a calendar subscribes to, or null while the feed is off (docs/rules.md#calendar-feed). */
export type FeedAddress = string | null

/** GET /auth/calendar-feed: the signed-in recruiter's feed address, null while it is off. */
export async function getCalendarFeed(signal?: AbortSignal): Promise<FeedAddress> {
  const { url } = await payload(api.GET('/auth/calendar-feed', { signal }))
  return url ?? null
}

/** Keyed by the user (the cache is cleared on every login and logout anyway); the section says a failure in place. */
export const calendarFeedQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['calendar-feed', userId],
    queryFn: ({ signal }) => getCalendarFeed(signal),
    enabled: userId !== null,
    meta: { errorToast: false },
  })

export function useCalendarFeed() {
  const { userId } = useSession()
  return useQuery(calendarFeedQueryOptions(userId))
}

/** The address as a change left it, then fetched again. */
function useFeedHere() {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = calendarFeedQueryOptions(userId)
  return {
    set: (url: FeedAddress) => queryClient.setQueryData<FeedAddress>(queryKey, url),
    refetch: () => queryClient.invalidateQueries({ queryKey }),
  }
}

/** POST /auth/calendar-feed: turns the feed on, or gives it a new address; the one before stops working at once. */
export const makeCalendarFeed = () => payload(api.POST('/auth/calendar-feed'))

/** DELETE /auth/calendar-feed: turns the feed off; its address stops working at once. */
export const endCalendarFeed = () => payload(api.DELETE('/auth/calendar-feed'))

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useMakeCalendarFeed(errorToast?: MutationErrorToast<void> | false) {
  const here = useFeedHere()
  return useMutation({
    mutationFn: makeCalendarFeed,
    onSuccess: ({ url }) => here.set(url ?? null),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export function useEndCalendarFeed(errorToast?: MutationErrorToast<void> | false) {
  const here = useFeedHere()
  return useMutation({
    mutationFn: endCalendarFeed,
    onSuccess: () => here.set(null),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}
