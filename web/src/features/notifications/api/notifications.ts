import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { EmailSettings, NotificationsAnswer } from '../types'

export const getNotifications = () => payload(api.GET('/auth/notifications'))

export const markNotificationRead = (notificationId: string) =>
  payload(api.PUT('/auth/notifications/{notificationId}/read', { params: { path: { notificationId } } }))

export const markAllNotificationsRead = () => payload(api.PUT('/auth/notifications/read'))

/** Keyed by the user (the cache is cleared on every login and logout anyway). */
export const notificationsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['notifications', 'list', userId],
    queryFn: getNotifications,
    enabled: userId !== null,
    // The stream says when it changed (useNotificationStream).
    staleTime: Infinity,
    // The bell says a failure in place; a toast on every page would be noise.
    meta: { errorToast: false },
  })

export function useNotifications({ enabled = true } = {}) {
  const { userId } = useSession()
  return useQuery({ ...notificationsQueryOptions(userId), enabled: enabled && userId !== null })
}

/** Marks the answer's notifications read here at once (`id`, or all), the refetch confirming it. */
function useMarkedHere() {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = notificationsQueryOptions(userId)
  return {
    mark: (id?: string) => {
      const now = new Date().toISOString()
      queryClient.setQueryData<NotificationsAnswer>(queryKey, (answer) => {
        if (!answer) return answer
        const notifications = answer.notifications.map((each) => (each.readAt || (id && each._id !== id) ? each : { ...each, readAt: now }))
        const wasUnread = id ? answer.notifications.some((each) => each._id === id && !each.readAt) : false
        return { ...answer, notifications, unread: id ? Math.max(0, answer.unread - (wasUnread ? 1 : 0)) : 0 }
      })
    },
    refetch: () => queryClient.invalidateQueries({ queryKey }),
  }
}

/** Marking one read as its link is followed fails in silence: the refetch shows it unread again. */
export function useMarkNotificationRead() {
  const here = useMarkedHere()
  return useMutation({ mutationFn: markNotificationRead, onMutate: (id) => here.mark(id), onSettled: here.refetch, meta: { errorToast: false } })
}

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useMarkAllNotificationsRead(errorToast?: MutationErrorToast<void> | false) {
  const here = useMarkedHere()
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: () => here.mark(), onSettled: here.refetch, meta: { errorToast } })
}

export const getEmailSettings = async (): Promise<EmailSettings> => (await payload(api.GET('/auth/notifications/settings'))).email

export const saveEmailSettings = (email: EmailSettings) =>
  payload(api.PUT('/auth/notifications/settings', { body: { email } }))

export const emailSettingsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['notifications', 'settings', userId], queryFn: getEmailSettings, enabled: userId !== null, meta: { errorToast: false } })

export function useEmailSettings() {
  const { userId } = useSession()
  return useQuery(emailSettingsQueryOptions(userId))
}

export function useSaveEmailSettings(errorToast?: MutationErrorToast<EmailSettings> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: ({ email }) => queryClient.setQueryData(emailSettingsQueryOptions(userId).queryKey, email),
    meta: { errorToast },
  })
}
