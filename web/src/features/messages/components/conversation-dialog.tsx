import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { OfflineNotice } from '@/components/ui/offline-notice'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { useOnline } from '@/lib/use-online'
import { useConversation, useMarkConversationRead } from '../api/messages'
import type { Message } from '../types'
import { MessageForm } from './message-form'
import { authorOf, MessageList } from './message-list'

export const READ_ONLY = 'This job was deleted; its conversations are read-only.'

type Props = {
  applicationId: string
  /** The dialog's title: "Messages about Backend Developer", "Messages with Ann Lee". */
  title: string
  onClose: () => void
}

/** What the live region says of the newest message someone else wrote since the dialog opened ("" when none). */
function arrivedSince(messages: Message[], baseline: string | null) {
  const start = baseline === null ? 0 : messages.findIndex((message) => message._id === baseline) + 1
  const arrived = messages.slice(start).filter((message) => !message.mine)
  const newest = arrived.at(-1)
  if (!newest) return ''
  const body = newest.body.length > 200 ? `${newest.body.slice(0, 200)}...` : newest.body
  return `New message from ${authorOf(newest)}: ${body}`
}

/**
 * docs/rules.md#messages: an application's conversation between its applicant and the job's
 * recruiter, in a dialog. Oldest first with the newest at the bottom, "Load older messages" above;
 * opening it marks the messages to the reader read (and so does each that arrives while it is open,
 * as the notification stream refetches it); a message from someone else arriving meanwhile is
 * read out (politely), with its sender. A deleted job's conversation is read-only.
 */
export function ConversationDialog({ applicationId, title, onClose }: Props) {
  const descriptionId = useId()
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const { data, error, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, dataUpdatedAt } = useConversation(applicationId)
  const { mutate: markRead } = useMarkConversationRead(applicationId)

  const newestPage = data?.pages[0]
  const readOnly = newestPage?.readOnly === true
  // Newest first from the server, page after page; shown oldest first (a page refetched may overlap the next).
  const seen = new Set<string>()
  const messages = (data?.pages ?? [])
    .flatMap((page) => page.messages)
    .filter((message) => !seen.has(message._id) && seen.add(message._id))
    .reverse()

  // The newest message when the conversation first loaded: whatever the other side sends after it is read out.
  const [baseline, setBaseline] = useState<string | null | undefined>(undefined)
  if (baseline === undefined && data) setBaseline(messages.at(-1)?._id ?? null)
  const announcement = baseline === undefined ? '' : arrivedSince(messages, baseline)

  // Marked read on opening, and again whenever a refetch finds a message unread; offline, once the connection is back.
  const marked = useRef(false)
  const unread = newestPage?.unread
  const online = useOnline()
  useEffect(() => {
    if (!online || unread === undefined || (marked.current && unread === 0)) return
    marked.current = true
    markRead()
  }, [online, unread, markRead])

  // The form goes once the conversation turns out read-only: the focus it had goes to the notice.
  useEffect(() => {
    if (readOnly && (document.activeElement === document.body || document.activeElement === null)) noticeRef.current?.focus()
  }, [readOnly])

  const loadOlder = async () => {
    const { hasNextPage: more } = await fetchNextPage()
    // The button is gone with the oldest page: the focus goes to the list.
    if (!more) listRef.current?.focus()
  }

  return (
    <Modal title={title} onClose={onClose} initialFocus={fieldRef} descriptionId={descriptionId}>
      <p id={descriptionId} className="mt-1 text-sm text-gray-700">
        The newest messages are at the bottom.
      </p>
      <OfflineNotice updatedAt={dataUpdatedAt} className="mt-3" />
      <div className="mt-4 flex max-h-[50dvh] flex-col gap-3 overflow-y-auto rounded-md border border-gray-200 p-3">
        {isError ? (
          <p className="text-gray-800">Could not load the conversation: {errorMessage(error, FALLBACK_MESSAGE)}</p>
        ) : isPending ? (
          <Spinner label="Loading messages..." />
        ) : (
          <>
            {hasNextPage && (
              <Button variant="neutral" size="sm" className="self-center" aria-busy={isFetchingNextPage || undefined} onClick={() => void loadOlder()}>
                {isFetchingNextPage ? 'Loading older messages...' : 'Load older messages'}
              </Button>
            )}
            <MessageList ref={listRef} messages={messages} />
          </>
        )}
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      <div className="mt-4">
        {readOnly ? (
          <p ref={noticeRef} tabIndex={-1} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-gray-900">
            {READ_ONLY} You can read it, but not write in it.
          </p>
        ) : (
          !isError && <MessageForm applicationId={applicationId} fieldRef={fieldRef} />
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="neutral" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  )
}
