import { createParser } from 'eventsource-parser'

/** One event of a text/event-stream: its name (`message` unless the stream named it) and its data lines joined. */
export type SseEvent = { event: string; data: string }

/**
 * Reads a text/event-stream (the WHATWG "server-sent events" format) to its end, for a stream read
 * with `fetch` (EventSource cannot send the bearer header), telling each event as it completes.
 * The parsing is eventsource-parser's: a line or an event may be split across chunks; lines end in
 * LF, CRLF or CR; `:` starts a comment (a keep-alive); an event is dispatched at its blank line, and
 * one without `data` is none. Fields other than `event` and `data` are ignored, `retry` included.
 * An event the stream did not finish with a blank line is dropped, as a browser drops it.
 * Resolves to whether the stream sent anything at all; rejects when reading it fails (an abort).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<boolean> {
  const reader = body.getReader()
  // In stream mode the decoder keeps a character split across chunks whole.
  const decoder = new TextDecoder()
  const parser = createParser({ onEvent: ({ event, data }) => onEvent({ event: event ?? 'message', data }) })
  let heard = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    heard = true
    parser.feed(decoder.decode(value, { stream: true }))
  }
  parser.feed(decoder.decode())
  parser.reset()
  return heard
}
