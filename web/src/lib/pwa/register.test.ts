import { page } from '@/lib/reload'
import { offerUpdates, TAKEOVER_WAIT_MS, UPDATE_CHECK_MS } from './register'

/** A stand-in for workbox-window's Workbox: its events are fired by hand. */
function fakeWorker() {
  const listeners = new Map<string, () => void>()
  return {
    addEventListener: vi.fn((type: string, listener: () => void) => void listeners.set(type, listener)),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    fire: (type: string) => listeners.get(type)?.(),
  }
}

/** A stand-in for navigator.serviceWorker, with a new version waiting (or none). */
function fakeContainer(waiting: { postMessage: (message: unknown) => void } | null) {
  const listeners: Array<() => void> = []
  return {
    addEventListener: vi.fn((_type: string, listener: () => void) => void listeners.push(listener)),
    getRegistration: vi.fn(async () => ({ waiting }) as ServiceWorkerRegistration),
    controllerChanged: () => listeners.forEach((listener) => listener()),
  }
}

/** Starts the flow and returns the Reload of the prompt it shows once a version waits. */
function started(worker: ReturnType<typeof fakeWorker>, container: ReturnType<typeof fakeContainer>) {
  let reload: (() => unknown) | undefined
  offerUpdates(worker as never, container as never, (onReload) => {
    reload = onReload
  })
  worker.fire('waiting')
  return () => reload?.()
}

beforeEach(() => vi.spyOn(page, 'reload').mockImplementation(() => {}))
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

test('the service worker is registered and a waiting version is offered', () => {
  const worker = fakeWorker()
  const prompt = vi.fn()
  offerUpdates(worker as never, fakeContainer(null) as never, prompt)
  expect(worker.register).toHaveBeenCalledTimes(1)
  expect(prompt).not.toHaveBeenCalled()
  worker.fire('waiting')
  expect(prompt).toHaveBeenCalledTimes(1)
})

test('Reload tells the waiting version to take over and reloads the page once it controls it', async () => {
  const waiting = { postMessage: vi.fn() }
  const container = fakeContainer(waiting)
  const reload = started(fakeWorker(), container)
  await reload()
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
  expect(page.reload).not.toHaveBeenCalled()
  container.controllerChanged()
  expect(page.reload).toHaveBeenCalledTimes(1)
})

test('a new version taking over reloads nothing until the person chose Reload', () => {
  const container = fakeContainer({ postMessage: vi.fn() })
  started(fakeWorker(), container)
  container.controllerChanged()
  expect(page.reload).not.toHaveBeenCalled()
})

test('Reload after another window let the new version take over reloads the page at once', async () => {
  const reload = started(fakeWorker(), fakeContainer(null))
  await reload()
  expect(page.reload).toHaveBeenCalledTimes(1)
})

test('Reload reloads the page even when the new version never takes over', async () => {
  vi.useFakeTimers()
  const waiting = { postMessage: vi.fn() }
  const reload = started(fakeWorker(), fakeContainer(waiting))
  await reload()
  vi.advanceTimersByTime(TAKEOVER_WAIT_MS - 1)
  expect(page.reload).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(page.reload).toHaveBeenCalledTimes(1)
})

test('the page reloads once when the new version takes over and the wait runs out too', async () => {
  vi.useFakeTimers()
  const container = fakeContainer({ postMessage: vi.fn() })
  const reload = started(fakeWorker(), container)
  await reload()
  container.controllerChanged()
  vi.advanceTimersByTime(TAKEOVER_WAIT_MS)
  expect(page.reload).toHaveBeenCalledTimes(1)
})

test('an open page asks for a new version every hour', () => {
  vi.useFakeTimers()
  const worker = fakeWorker()
  offerUpdates(worker as never, fakeContainer(null) as never, () => {})
  vi.advanceTimersByTime(UPDATE_CHECK_MS - 1)
  expect(worker.update).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(worker.update).toHaveBeenCalledTimes(1)
})
