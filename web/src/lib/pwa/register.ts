import { Workbox } from 'workbox-window'
import { page } from '@/lib/reload'
import { showUpdatePrompt } from './update-prompt'

/** How often an open page asks whether a new version is out (a phone may keep the app open for days). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000
/** How long Reload waits for the new version to take over before it reloads anyway. */
export const TAKEOVER_WAIT_MS = 10_000

/** What the update flow needs of workbox-window's `Workbox`. */
type Worker = Pick<Workbox, 'addEventListener' | 'register' | 'update'>
/** What it needs of `navigator.serviceWorker`. */
type Container = Pick<ServiceWorkerContainer, 'addEventListener' | 'getRegistration'>

/**
 * Registers the service worker (src/sw.ts, served as /sw.js for the whole site) and offers each new
 * version to the person: "New version: reload". Reload lets the waiting version take over and the
 * page reloads once it controls the page, so no page keeps running code the site no longer serves.
 * main.tsx calls it once the app has taken over and the browser is idle, in a build and where
 * browsers have service workers.
 */
export function registerServiceWorker() {
  offerUpdates(new Workbox('/sw.js', { scope: '/' }), navigator.serviceWorker)
}

/** The update flow over the worker and the container, apart so the tests can drive it. */
export function offerUpdates(worker: Worker, container: Container, prompt = showUpdatePrompt) {
  let chosen = false
  let reloading = false
  const reload = () => {
    if (reloading) return
    reloading = true
    page.reload()
  }
  // Only after the person chose Reload: the first version taking over a first visit reloads nothing.
  container.addEventListener('controllerchange', () => {
    if (chosen) reload()
  })
  worker.addEventListener('waiting', () =>
    prompt(async () => {
      if (chosen) return
      chosen = true
      const waiting = (await container.getRegistration())?.waiting
      // None waiting: another window's Reload already made it the active one, so this page is behind.
      if (!waiting) return reload()
      waiting.postMessage({ type: 'SKIP_WAITING' })
      setTimeout(reload, TAKEOVER_WAIT_MS)
    }),
  )
  // Workbox waits for the page's load event before it registers: the first paint comes first.
  void worker.register().catch(() => undefined)
  let checked = Date.now()
  const check = () => {
    checked = Date.now()
    void worker.update().catch(() => undefined)
  }
  setInterval(check, UPDATE_CHECK_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - checked >= UPDATE_CHECK_MS) check()
  })
}
