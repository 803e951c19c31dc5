import { act } from '@testing-library/react'
import { serverAnswered } from '@/lib/use-online'

/**
 * The browser's connection as a test sets it: `navigator.onLine` and the event the browser fires
 * when it changes (jsdom is always online and fires neither). Every test starts online. Outside
 * React's act: from within a call under way (the connection drops while a request is out).
 */
export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

/** The browser loses its connection. */
export const goOffline = () => act(() => setOnline(false))

/** The browser is connected again. */
export const goOnline = () => act(() => setOnline(true))

/** Back to jsdom's own `navigator.onLine` (online), and the server reachable, telling whoever still listens; after each test. */
export function resetConnection() {
  serverAnswered()
  if (!Object.prototype.hasOwnProperty.call(navigator, 'onLine')) return
  delete (navigator as { onLine?: boolean }).onLine
  window.dispatchEvent(new Event('online'))
}
