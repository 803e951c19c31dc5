import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiUrl } from '@/lib/api-client'
import { getToken, useSession } from '@/lib/auth'
import { notificationsChanged } from '@/lib/live-notifications'
import type { NotificationsAnswer } from '../types'
import { notificationsQueryOptions } from './notifications'
import { runNotificationStream } from './notification-stream'

/**
 * While `enabled` and someone is logged in, follows the notification stream: an `unread` event that
 * changes what the bell shows puts the count on it at once, refetches the list, and tells any screen
 * following the news (lib/live-notifications: an open conversation). Logout or unmount aborts the stream.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  useEffect(() => {
    if (!enabled || userId === null) return
    const { queryKey } = notificationsQueryOptions(userId)
    const controller = new AbortController()
    // Each stream tells the count at once: only a change is news.
    let last: string | null = null
    void runNotificationStream({
      url: apiUrl('/auth/notifications/stream'),
      getToken,
      signal: controller.signal,
      onUnread: ({ unread, newest }) => {
        const seen = `${unread} ${newest}`
        if (seen === last) return
        const first = last === null
        last = seen
        if (!first) notificationsChanged()
        const shown = queryClient.getQueryData<NotificationsAnswer>(queryKey)
        // Not loaded yet: its first fetch is on its way.
        if (!shown) return
        if (shown.unread === unread && (shown.notifications[0]?._id ?? null) === newest) return
        queryClient.setQueryData<NotificationsAnswer>(queryKey, { ...shown, unread })
        void queryClient.invalidateQueries({ queryKey })
      },
      // The list's next fetch meets the same refusal, which ends the session here (lib/api-client).
      onRejected: () => void queryClient.invalidateQueries({ queryKey }),
    })
    return () => controller.abort()
  }, [enabled, userId, queryClient])
}
