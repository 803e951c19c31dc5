import { readEventStream, type SseEvent } from './sse'

const encoder = new TextEncoder()

/** A stream of these chunks, each encoded as UTF-8, that then ends. */
const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })

/** The events of a stream of these chunks, read to its end. */
const parse = async (chunks: string[]) => {
  const events: SseEvent[] = []
  await readEventStream(streamOf(chunks), (event) => events.push(event))
  return events
}

/** A stream fed by the test, chunk by chunk, with the events read from it so far. */
function openStream() {
  let stream!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) })
  const events: SseEvent[] = []
  const done = readEventStream(body, (event) => events.push(event))
  /** Sends a chunk and lets the reader take it in. */
  const push = async (chunk: string) => {
    stream.enqueue(encoder.encode(chunk))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { events, push, end: () => stream.close(), fail: (error: Error) => stream.error(error), done }
}

test('an event is its name and its data, dispatched at the blank line', async () => {
  expect(await parse(['event: unread\ndata: {"unread":3,"newest":"n1"}\n\n'])).toEqual([{ event: 'unread', data: '{"unread":3,"newest":"n1"}' }])
})

test('an event split anywhere across chunks, even inside a line or between CR and LF, comes out whole', async () => {
  const text = 'event: unread\r\ndata: {"unread":1}\r\n\r\nevent: unread\ndata: {"unread":2}\n\n'
  const whole = await parse([text])
  expect(whole).toEqual([
    { event: 'unread', data: '{"unread":1}' },
    { event: 'unread', data: '{"unread":2}' },
  ])
  for (let cut = 1; cut < text.length; cut++) expect(await parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole)
  expect(await parse([...text])).toEqual(whole)
})

test('a multi-line data field cut inside its lines comes out as those lines joined with a newline', async () => {
  expect(await parse(['event: unread\ndata: {"unr', 'ead":2,\nda', 'ta: "newest":"n2"}\n', '\n'])).toEqual([{ event: 'unread', data: '{"unread":2,\n"newest":"n2"}' }])
  expect(await parse(['data: first\r', '\ndata:', ' second\rdata: th', 'ird\r\r\n'])).toEqual([{ event: 'message', data: 'first\nsecond\nthird' }])
})

test('a character whose bytes are split across chunks is read whole', async () => {
  const bytes = encoder.encode('data: é\n\n')
  const cut = bytes.indexOf(0xc3) + 1
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, cut))
      controller.enqueue(bytes.slice(cut))
      controller.close()
    },
  })
  const events: SseEvent[] = []
  await readEventStream(body, (event) => events.push(event))
  expect(events).toEqual([{ event: 'message', data: 'é' }])
})

test('nothing is dispatched before the blank line arrives', async () => {
  const { events, push, end, done } = openStream()
  await push('event: unread\ndata: {"unread":1}\n')
  expect(events).toEqual([])
  await push('\n')
  expect(events).toEqual([{ event: 'unread', data: '{"unread":1}' }])
  end()
  await done
})

test('comment lines (the keep-alives) are skipped, also between the lines of an event', async () => {
  expect(await parse([': keep-alive\n\n', ':\n', 'event: unread\n: still here\ndata: {"unread":0}\n\n'])).toEqual([{ event: 'unread', data: '{"unread":0}' }])
})

test('several data lines join with a newline; an event without a name is a "message"; one without data is none; id and retry are ignored', async () => {
  expect(await parse(['data: a\ndata:b\n\n', 'event: unread\n\n', 'id: 7\nretry: 100\ndata\n\n'])).toEqual([
    { event: 'message', data: 'a\nb' },
    { event: 'message', data: '' },
  ])
})

test('lines may end in CR alone (a CR ending a chunk waits for the next, which may bring its LF)', async () => {
  const { events, push, end, done } = openStream()
  await push('event: unread\rdata: x\r\r')
  expect(events).toEqual([])
  await push(': next\r')
  expect(events).toEqual([{ event: 'unread', data: 'x' }])
  end()
  await done
})

test('an event the stream did not finish is dropped when it ends', async () => {
  expect(await parse(['data: done\n\n', 'event: unread\ndata: {"unread":1}\n'])).toEqual([{ event: 'message', data: 'done' }])
  expect(await parse(['data: done\n\n', 'data: cut off'])).toEqual([{ event: 'message', data: 'done' }])
})

test('it resolves to whether the stream sent anything, and rejects when the stream fails', async () => {
  expect(await readEventStream(streamOf([]), () => {})).toBe(false)
  expect(await readEventStream(streamOf([': hello\n\n']), () => {})).toBe(true)
  const { events, push, fail, done } = openStream()
  await push('data: before\n\n')
  fail(new DOMException('Aborted', 'AbortError'))
  await expect(done).rejects.toThrow('Aborted')
  expect(events).toEqual([{ event: 'message', data: 'before' }])
})
