import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/** The address names the open conversation: `?conversation=<applicationId>` (the bell's and the e-mails' links). */
export const CONVERSATION_PARAM = 'conversation'

/** The conversation the address opens (or null), and a way to open one or close it, keeping the rest of the address. */
export function useConversationParam() {
  const [params, setParams] = useSearchParams()
  const applicationId = params.get(CONVERSATION_PARAM) || null
  const setConversation = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (id) next.set(CONVERSATION_PARAM, id)
          else next.delete(CONVERSATION_PARAM)
          return next
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  )
  return [applicationId, setConversation] as const
}
