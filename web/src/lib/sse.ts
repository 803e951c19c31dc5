/** One event of a text/event-stream: its name (`message` unless the stream named it) and its data lines joined. */
export type SseEvent = { event: string; data: string }

/**
 * Reads a text/event-stream (the WHATWG "server-sent events" format) as its chunks arrive, for a
 * stream read with `fetch` (EventSource cannot send the bearer header): a line or an event may be
 * split across chunks; lines end in LF, CRLF or CR; `:` starts a comment (a keep-alive); an event
 * is dispatched at its blank line, and one without `data` is none. Fields other than `event` and
 * `data` are ignored.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = ''
  let name = ''
  let data: string[] = []

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') })
    name = ''
    data = []
  }

  const readLine = (line: string) => {
    if (line === '') return dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') name = value
    else if (field === 'data') data.push(value)
  }

  return {
    /** The next chunk of text, as decoded (a TextDecoder in stream mode keeps a split character whole). */
    push(chunk: string) {
      buffer += chunk
      let start = 0
      for (let at = 0; at < buffer.length; at++) {
        const char = buffer[at]
        if (char !== '\n' && char !== '\r') continue
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (char === '\r' && at === buffer.length - 1) break
        readLine(buffer.slice(start, at))
        if (char === '\r' && buffer[at + 1] === '\n') at++
        start = at + 1
      }
      buffer = buffer.slice(start)
    },
    /** The stream ended: an event it did not finish with a blank line is dropped, as a browser drops it. */
    end() {
      buffer = ''
      name = ''
      data = []
    },
  }
}
