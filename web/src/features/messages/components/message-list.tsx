import { forwardRef } from 'react'
import { formatZonedDateTime } from '@/lib/time-zone'
import type { Message } from '../types'

/** Who wrote a message, in the words of the one reading it: "You", or its sender ("Ann Lee", "Priya, Acme"). */
export const authorOf = (message: Message) => (message.mine ? 'You' : message.sender)

/**
 * A conversation, oldest first and the newest at the bottom, as a chat reads. Each message is plain
 * text shown as such (never read as HTML, its line breaks kept), with who wrote it (a teammate's as
 * much as the other side's) and when; one's own say whether the other side has read them.
 */
export const MessageList = forwardRef<HTMLOListElement, { messages: Message[] }>(function MessageList({ messages }, ref) {
  if (messages.length === 0) return <p className="py-4 text-gray-700">No messages yet. Write the first one below.</p>
  return (
    <ol ref={ref} tabIndex={-1} aria-label="Messages, oldest first" className="flex flex-col gap-3 focus:outline-none">
      {messages.map((message) => (
        <li
          key={message._id}
          className={`max-w-[85%] rounded-lg border p-3 ${message.mine ? 'self-end border-blue-200 bg-primary-soft' : 'self-start border-gray-200 bg-gray-50'}`}
        >
          <p className="text-sm text-gray-700">
            <span className="font-semibold text-gray-900">{authorOf(message)}</span>,{' '}
            <time dateTime={message.createdAt}>{formatZonedDateTime(message.createdAt)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap text-gray-900">{message.body}</p>
          {message.mine && (
            <p className="mt-1 text-right text-xs text-gray-700">
              {message.readAt ? <span title={`Read ${formatZonedDateTime(message.readAt)}`}>Read</span> : 'Not read yet'}
            </p>
          )}
        </li>
      ))}
    </ol>
  )
})
