import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiUrl } from '@/lib/api-client'
import { getToken, useSession } from '@/lib/auth'
import { notificationsChanged } from '@/lib/live-notifications'
import { useOnline } from '@/lib/use-online'
import type { Notification, NotificationKind, NotificationsAnswer } from '../types'
import { notificationsQueryOptions } from './notifications'
import { runNotificationStream } from './notification-stream'

/**
 * An application that arrived or moved changes every list of applications (a job's board and list
 * with its overview, the recruiter's Applications, the applicant's own) and every view of jobs (My
 * Jobs' "n of m applications received", a job's places). Named by the first part of the features'
 * query keys, since a feature does not import another.
 */
const APPLICATION_CHANGED: readonly QueryKey[] = [['applications'], ['jobs']]

/** What a new notification of each kind made stale besides the bell; the kinds not named change nothing cached here. */
const STALE_AFTER: Partial<Record<NotificationKind, readonly QueryKey[]>> = {
  newApplication: APPLICATION_CHANGED,
  stageChange: APPLICATION_CHANGED,
}

/** The notifications listed above `since` (newest first), which arrived after it; all of them once it is no longer listed. */
function arrivedSince(answer: NotificationsAnswer, since: string | null): Notification[] {
  const at = answer.notifications.findIndex((each) => each._id === since)
  return at === -1 ? answer.notifications : answer.notifications.slice(0, at)
}

/** Refetches what the arrived notifications' kinds made stale, each query once. */
function refetchStale(queryClient: QueryClient, arrived: Notification[]) {
  const keys = new Set(arrived.flatMap((each) => STALE_AFTER[each.kind] ?? []))
  keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }))
}

/**
 * While `enabled` and someone is logged in, follows the notification stream: an `unread` event that
 * changes what the bell shows puts the count on it at once, refetches the list, and tells any screen
 * following the news (lib/live-notifications: an open conversation). An event naming a new newest
 * notification carries no kind, so the refetched list tells the kinds that arrived, and the queries
 * those kinds made stale (STALE_AFTER) are refetched: My Jobs' counts and a job's board follow a new
 * application without a reload. Logout or unmount aborts the stream; offline it waits for the
 * connection, then opens again.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const online = useOnline()
  useEffect(() => {
    if (!enabled || userId === null || !online) return
    const { queryKey } = notificationsQueryOptions(userId)
    const controller = new AbortController()
    // Each stream tells the count at once: only a change is news.
    let last: string | null = null
    // The newest notification the last event named: one named after it arrived since.
    let lastNewest: string | null = null
    void runNotificationStream({
      url: apiUrl('/auth/notifications/stream'),
      getToken,
      signal: controller.signal,
      onUnread: ({ unread, newest }) => {
        const seen = `${unread} ${newest}`
        if (seen === last) return
        const first = last === null
        const since = lastNewest
        last = seen
        lastNewest = newest ?? null
        if (!first) notificationsChanged()
        const arrived = !first && lastNewest !== null && lastNewest !== since
        const tellArrived = (answer: NotificationsAnswer | undefined) => {
          if (arrived && answer) refetchStale(queryClient, arrivedSince(answer, since))
        }
        const shown = queryClient.getQueryData<NotificationsAnswer>(queryKey)
        // Not loaded yet: its first fetch is on its way, and so are the screens'.
        if (!shown) return
        // The list has it already (refetched meanwhile): the kinds are in it.
        if (shown.unread === unread && (shown.notifications[0]?._id ?? null) === newest) return tellArrived(shown)
        queryClient.setQueryData<NotificationsAnswer>(queryKey, { ...shown, unread })
        void queryClient.invalidateQueries({ queryKey }).then(() => tellArrived(queryClient.getQueryData<NotificationsAnswer>(queryKey)))
      },
      // The list's next fetch meets the same refusal, which ends the session here (lib/api-client).
      onRejected: () => void queryClient.invalidateQueries({ queryKey }),
    })
    return () => controller.abort()
  }, [enabled, userId, online, queryClient])
}
