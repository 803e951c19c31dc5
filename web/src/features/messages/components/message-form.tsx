import type { RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { TextForm } from '@/components/text-form'
import { ApiError } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { conversationQueryOptions, useSendMessage } from '../api/messages'

/** The server's limit (docs/rules.md#messages). */
export const MESSAGE_MAX = 5000

const NOT_SENT = 'Could not send the message'

/** The box to write in: Send, or Ctrl+Enter (⌘+Enter on a Mac). The focus stays in it after sending. */
export function MessageForm({ applicationId, fieldRef }: { applicationId: string; fieldRef: RefObject<HTMLTextAreaElement | null> }) {
  const queryClient = useQueryClient()
  const send = useSendMessage(applicationId, { message: serverMessage(NOT_SENT) })
  return (
    <TextForm
      label="Your message"
      noun="Message"
      max={MESSAGE_MAX}
      countSuffix="."
      submitLabel="Send"
      send={send.mutateAsync}
      failure={NOT_SENT}
      // A job deleted meanwhile: the conversation, fetched again, says it is read-only now.
      onFailed={(error) => {
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: conversationQueryOptions(applicationId).queryKey })
      }}
      keyboardSend
      fieldRef={fieldRef}
      buttonAlign="end"
    />
  )
}
