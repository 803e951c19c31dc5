import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api, payload } from '@/lib/api-client'
import { onNotificationsChanged } from '@/lib/live-notifications'
import type { MutationErrorToast } from '@/lib/query-client'
import type { MessagesPage } from '../types'

export const getMessages = (applicationId: string, before?: string) =>
  payload(api.GET('/auth/applications/{applicationId}/messages', { params: { path: { applicationId }, query: before ? { before } : {} } }))

export const sendMessage = (applicationId: string, body: string) =>
  payload(api.POST('/auth/applications/{applicationId}/messages', { params: { path: { applicationId } }, body: { body } }))

export const markConversationRead = (applicationId: string) =>
  payload(api.PUT('/auth/applications/{applicationId}/messages/read', { params: { path: { applicationId } } }))

/** A conversation, page by page from the newest: each next page is the 50 before the last one shown. */
export const conversationQueryOptions = (applicationId: string) =>
  infiniteQueryOptions({
    queryKey: ['messages', applicationId],
    queryFn: ({ pageParam }) => getMessages(applicationId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MessagesPage) => (last.hasMore ? last.messages.at(-1)?._id : undefined),
    // The dialog says a failure in place.
    meta: { errorToast: false },
  })

type Conversation = InfiniteData<MessagesPage, string | undefined>

/** An open conversation: fetched, and fetched again whenever the notification stream says something changed (a reply). */
export function useConversation(applicationId: string) {
  const queryClient = useQueryClient()
  useEffect(
    () => onNotificationsChanged(() => void queryClient.invalidateQueries({ queryKey: conversationQueryOptions(applicationId).queryKey })),
    [queryClient, applicationId],
  )
  return useInfiniteQuery(conversationQueryOptions(applicationId))
}

/** Changes the newest page of the cached conversation, if it is there. */
function useChangeNewestPage(applicationId: string) {
  const queryClient = useQueryClient()
  return (change: (page: MessagesPage) => MessagesPage) =>
    queryClient.setQueryData<Conversation>(conversationQueryOptions(applicationId).queryKey, (conversation) =>
      conversation && conversation.pages.length > 0 ? { ...conversation, pages: [change(conversation.pages[0]), ...conversation.pages.slice(1)] } : conversation,
    )
}

/** A sent message shows at once, as the newest; the refetch confirms it. `errorToast`: the failure's toast (lib/query-client's MutationMeta). */
export function useSendMessage(applicationId: string, errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const changeNewest = useChangeNewestPage(applicationId)
  return useMutation({
    mutationFn: (body: string) => sendMessage(applicationId, body),
    onSuccess: ({ data }) => changeNewest((page) => ({ ...page, messages: [data, ...page.messages.filter((each) => each._id !== data._id)] })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationQueryOptions(applicationId).queryKey }),
    meta: { errorToast },
  })
}

/**
 * Marks the messages to the caller read; the cached count follows, so the next unread message marks
 * them again. A failure goes unsaid: the messages stay unread, to be marked at the next.
 */
export function useMarkConversationRead(applicationId: string) {
  const changeNewest = useChangeNewestPage(applicationId)
  return useMutation({
    mutationFn: () => markConversationRead(applicationId),
    onSuccess: () => changeNewest((page) => ({ ...page, unread: 0 })),
    meta: { errorToast: false },
  })
}
