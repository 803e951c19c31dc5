import type { Unread } from '../types'
import { FIRST_DELAY_MS, LONGEST_DELAY_MS, parseUnread, runNotificationStream } from './notification-stream'

const URL = 'http://localhost/api/v1/auth/notifications/stream'
const encoder = new TextEncoder()

/** What one connection answers: a stream of these chunks that then ends, or stays open until aborted (`open`), a status without a stream, or a network failure. */
type Answer = { chunks: string[]; open?: boolean } | { status: number } | { fails: true }

/** A fetch answering each connection with the next answer, recording what it was asked. */
function fakeFetch(answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init })
    const answer = answers.shift()
    if (!answer) return new Promise<Response>(() => {}) // Nothing more to say: hangs (the test aborts).
    if ('fails' in answer) throw new TypeError('Failed to fetch')
    if ('status' in answer) return new Response(JSON.stringify({ success: false, message: 'no' }), { status: answer.status })
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer.chunks) controller.enqueue(encoder.encode(chunk))
        if (!answer.open) controller.close()
        else init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')))
      },
    })
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

/**
 * Runs the loop over `answers` with a token; the waits between connections are recorded and pass
 * at once, and the loop is aborted at the first wait past `maxWaits`.
 */
async function run(answers: Answer[], { maxWaits = answers.length, token = () => 'token-1' as string | null } = {}) {
  const controller = new AbortController()
  const { fetch, calls } = fakeFetch(answers)
  const waits: number[] = []
  const events: Unread[] = []
  const onRejected = vi.fn()
  const wait = async (ms: number) => {
    waits.push(ms)
    if (waits.length >= maxWaits) controller.abort()
  }
  await runNotificationStream({ url: URL, getToken: token, onUnread: (unread) => events.push(unread), onRejected, signal: controller.signal, fetch, wait })
  return { calls, waits, events, onRejected, signal: controller.signal }
}

test('each unread event is told, whole however it was cut into chunks; comments and other events are skipped', async () => {
  const { events, calls } = await run([
    { chunks: ['event: unr', 'ead\ndata: {"unread":', '3,"newest":"n3"}\n', '\n: keep-alive\n\n', 'event: other\ndata: {}\n\n', 'event: unread\r\ndata: {"unread":0,"newest":null}\r\n\r\n'] },
  ])
  expect(events).toEqual([
    { unread: 3, newest: 'n3' },
    { unread: 0, newest: null },
  ])
  expect(calls[0].url).toBe(URL)
  expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer token-1')
  expect(new Headers(calls[0].init.headers).get('Accept')).toBe('text/event-stream')
})

test('an unread event whose data spans several lines, cut inside them, is read as those lines joined', async () => {
  const { events } = await run([{ chunks: ['event: unread\ndata: {"unr', 'ead":5,\ndata: "new', 'est":"n5"}\n\n'] }])
  expect(events).toEqual([{ unread: 5, newest: 'n5' }])
})

test('a multi-byte character split across chunks is read whole', async () => {
  const bytes = encoder.encode('event: unread\ndata: {"unread":1,"newest":"é"}\n\n')
  const cut = bytes.indexOf(0xc3) + 1
  const controller = new AbortController()
  const events: Unread[] = []
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(bytes.slice(0, cut))
      stream.enqueue(bytes.slice(cut))
      stream.close()
    },
  })
  await runNotificationStream({
    url: URL,
    getToken: () => 'token',
    onUnread: (unread) => events.push(unread),
    signal: controller.signal,
    fetch: async () => new Response(body),
    wait: async () => controller.abort(),
  })
  expect(events).toEqual([{ unread: 1, newest: 'é' }])
})

test('a stream that ends (after 15 minutes, or the server stopped) is opened again a second later, each time', async () => {
  const stream = { chunks: ['event: unread\ndata: {"unread":1,"newest":"n1"}\n\n'] }
  const { calls, waits, events } = await run([stream, { ...stream }, { ...stream }], { maxWaits: 3 })
  expect(calls).toHaveLength(3)
  expect(waits).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS, FIRST_DELAY_MS])
  expect(events).toHaveLength(3)
})

test('failures wait longer each time, from 1 s doubling to 30 s at most; a stream that works starts over at 1 s', async () => {
  const worked = { chunks: [': hello\n\n'] }
  const { waits, calls } = await run(
    [{ fails: true }, { status: 503 }, { status: 429 }, { chunks: [] }, { fails: true }, { fails: true }, { fails: true }, worked, { fails: true }],
    { maxWaits: 9 },
  )
  expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, LONGEST_DELAY_MS, LONGEST_DELAY_MS, FIRST_DELAY_MS, FIRST_DELAY_MS])
  expect(calls).toHaveLength(9)
})

test('aborting (logout, unmount) ends the loop and the open stream with it, without another connection', async () => {
  const controller = new AbortController()
  const { fetch, calls } = fakeFetch([{ chunks: ['event: unread\ndata: {"unread":2,"newest":"n2"}\n\n'], open: true }])
  const events: Unread[] = []
  const wait = vi.fn(async () => {})
  const done = runNotificationStream({ url: URL, getToken: () => 'token', onUnread: (unread) => events.push(unread), signal: controller.signal, fetch, wait })
  await vi.waitFor(() => expect(events).toHaveLength(1))
  expect(calls[0].init.signal).toBe(controller.signal)
  controller.abort()
  await done
  expect(calls).toHaveLength(1)
  expect(wait).not.toHaveBeenCalled()
})

test('nobody logged in: no stream is opened, and a logout between streams opens no other', async () => {
  expect((await run([{ chunks: [] }], { token: () => null })).calls).toHaveLength(0)
  let token: string | null = 'token'
  const controller = new AbortController()
  const { fetch, calls } = fakeFetch([{ chunks: [': hi\n\n'] }, { chunks: [] }])
  await runNotificationStream({
    url: URL,
    getToken: () => token,
    onUnread: () => {},
    signal: controller.signal,
    fetch,
    wait: async () => {
      token = null
    },
  })
  expect(calls).toHaveLength(1)
})

test('a refused token (401) ends the loop and says so', async () => {
  const { calls, waits, onRejected } = await run([{ status: 401 }, { chunks: [] }])
  expect(calls).toHaveLength(1)
  expect(waits).toEqual([])
  expect(onRejected).toHaveBeenCalledTimes(1)
})

test('the data of an unread event is checked', () => {
  expect(parseUnread('{"unread":4,"newest":"n4"}')).toEqual({ unread: 4, newest: 'n4' })
  expect(parseUnread('{"unread":0}')).toEqual({ unread: 0, newest: null })
  expect(parseUnread('{"unread":"4"}')).toBeNull()
  expect(parseUnread('{"unread":1,"newest":5}')).toBeNull()
  expect(parseUnread('null')).toBeNull()
  expect(parseUnread('not json')).toBeNull()
})
