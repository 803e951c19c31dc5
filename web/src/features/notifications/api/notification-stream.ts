import { readEventStream, type SseEvent } from '@/lib/sse'
import type { Unread } from '../types'

/** The wait before opening the stream again: short after a stream that worked, doubling after each failure up to the longest. */
export const FIRST_DELAY_MS = 1_000
export const LONGEST_DELAY_MS = 30_000

export type StreamOptions = {
  url: string
  /** The session's token, read before each connection: none (logged out) ends the loop. */
  getToken: () => string | null
  onUnread: (unread: Unread) => void
  /** The server refused the token (401): the loop ends; the session's own handling takes over. */
  onRejected?: () => void
  /** Ends the loop, and the open stream with it (logout, unmount). */
  signal: AbortSignal
  fetch?: typeof fetch
  wait?: (ms: number, signal: AbortSignal) => Promise<void>
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/** The data of an `unread` event, or null when it is not one. */
export function parseUnread(data: string): Unread | null {
  try {
    const parsed: unknown = JSON.parse(data)
    if (typeof parsed !== 'object' || parsed === null) return null
    const { unread, newest } = parsed as Record<string, unknown>
    if (typeof unread !== 'number' || !(newest == null || typeof newest === 'string')) return null
    return { unread, newest: newest ?? null }
  } catch {
    return null
  }
}

/**
 * docs/rules.md#notifications: follows `GET /auth/notifications/stream` (Server-Sent Events, read
 * with fetch since EventSource cannot send the bearer token) until `signal` aborts. The stream ends
 * after 15 minutes or when the server stops: another is opened a second later. A failure (no
 * network, a 5xx, a 429 for too many streams, a stream that ended with nothing in it) waits longer
 * each time, 1 s doubling to 30 s; a stream that worked starts that over. No token, or a refused
 * one, ends the loop.
 */
export async function runNotificationStream({ url, getToken, onUnread, onRejected, signal, fetch: fetchStream = (...args) => globalThis.fetch(...args), wait = waitFor }: StreamOptions) {
  /** Tells an `unread` event whose data checks out; other events are skipped. */
  const tellUnread = ({ event, data }: SseEvent) => {
    const unread = event === 'unread' ? parseUnread(data) : null
    if (unread) onUnread(unread)
  }
  let delay = FIRST_DELAY_MS
  while (!signal.aborted) {
    const token = getToken()
    if (!token) return
    let worked = false
    try {
      const response = await fetchStream(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, cache: 'no-store', signal })
      if (response.status === 401) {
        onRejected?.()
        return
      }
      if (response.ok && response.body) worked = await readEventStream(response.body, tellUnread)
    } catch {
      // No network, or the stream broke off; an abort ends the loop below.
    }
    if (signal.aborted) return
    delay = worked ? FIRST_DELAY_MS : delay
    await wait(delay, signal)
    delay = worked ? FIRST_DELAY_MS : Math.min(delay * 2, LONGEST_DELAY_MS)
  }
}
