import { onlineManager } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { toast } from 'react-hot-toast'

/** docs/product.md#offline: said once when the connection comes back. */
export const BACK_ONLINE = 'You are back online.'

/** How often, while the server cannot be reached, the app looks whether it can be again. */
export const REACH_AGAIN_EVERY_MS = 5_000

/**
 * Set when a request reached no server although the browser says it is connected (a network that
 * carries nothing, or a connection the browser has not noticed is gone); cleared by the next answer
 * from the server, or when the browser says the connection came back.
 */
let unreachable = false
let probe: ReturnType<typeof setInterval> | undefined
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/** Whether the app is connected: the browser says so (`navigator.onLine`) and the server answers. */
export const isOnline = () => navigator.onLine && !unreachable

/**
 * A request reached no server: the app is offline until an answer comes, which it looks for every
 * few seconds (`/healthz`) as nothing else is asked meanwhile.
 */
export function serverUnreachable() {
  if (unreachable) return
  unreachable = true
  probe = setInterval(() => {
    if (!navigator.onLine) return
    fetch('/healthz', { cache: 'no-store' }).then(
      () => serverAnswered(),
      () => undefined,
    )
  }, REACH_AGAIN_EVERY_MS)
  changed()
}

/** The server answered: the app is online again, as far as the browser says it is connected. */
export function serverAnswered() {
  if (!unreachable) return
  unreachable = false
  clearInterval(probe)
  probe = undefined
  changed()
}

/** Calls `listener` whenever the app goes offline or comes back online. */
function subscribe(listener: () => void) {
  const browserBack = () => {
    // The browser's word that the connection is back is taken: the next request tells otherwise.
    if (unreachable) serverAnswered()
    else listener()
  }
  listeners.add(listener)
  window.addEventListener('online', browserBack)
  window.addEventListener('offline', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('online', browserBack)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the browser is connected, following its `online` and `offline` events. A page drawn ahead of the app is drawn online. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true)

/**
 * The query cache follows the browser from the start (TanStack's online manager takes the
 * connection for granted until an event says otherwise): offline, a query waits for the
 * connection with the data it has instead of failing, and goes on once it is back.
 */
export function followConnection() {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(isOnline())
    update()
    return subscribe(update)
  })
}

/** The toast that says the connection came back, once each time it does (the app's provider shows it). */
export function useBackOnlineToast() {
  useEffect(() => {
    let online = isOnline()
    return subscribe(() => {
      const now = isOnline()
      if (now && !online) toast.success(BACK_ONLINE, { id: 'back-online' })
      online = now
    })
  }, [])
}
