/// <reference lib="webworker" />
/**
 * The service worker, served as /sw.js for the whole site (docs/architecture.md#service-worker).
 * It keeps the app's shell (its page, scripts, styles, icons and manifest) for when the network is
 * gone, never anything private: API calls pass by untouched. Pages come from the network, since
 * the server draws public pages itself; only when the network fails does a navigation get the
 * kept shell, and the app draws the screen from its own data. It also shows push notifications
 * and opens their links.
 */
import { clientsClaim } from 'workbox-core'
import * as navigationPreload from 'workbox-navigation-preload'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { appPath, readPush, windowFor } from './lib/push-payload'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

/**
 * The app's page as built, kept under its own address: the server answers `/index.html` with the
 * home page, content and all (server/src/site/mod.rs), and the build writes the plain page here too
 * (vite.config.ts).
 */
const SHELL = '/app-shell.html'

// The page's request starts while the worker wakes up, so going to the network first costs no wait.
navigationPreload.enable()

// Navigations first, so no page is ever answered from the cache while the network answers. Paths
// that are not the app's screens (the API, the server's files) are left to the network alone.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
    }),
    { denylist: [/^\/api(\/|$)/, /^\/assets\//, /^\/(robots\.txt|sitemap\.xml|sitemaps\/)/] },
  ),
)

// The shell's files; no other route: whatever else the app asks for goes to the network untouched.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first visit's page is served by the worker as soon as it runs, not only from the next page on.
clientsClaim()

// The update prompt's Reload: the waiting version takes over now (src/lib/pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

self.addEventListener('push', (event) => {
  const notice = readPush(event.data?.text(), self.location.origin)
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = appPath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin)
  const url = new URL(path, self.location.origin).href
  event.waitUntil(openInWindow(url))
})

/** Shows `url` in the open window of the site that is nearest at hand, or in a new one. */
async function openInWindow(url: string) {
  const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const client = windowFor(open)
  if (!client) {
    await self.clients.openWindow(url)
    return
  }
  await client.focus().catch(() => undefined)
  // A window this worker does not control cannot be navigated from here: a new one opens instead.
  const navigated = await client.navigate(url).catch(() => null)
  if (!navigated) await self.clients.openWindow(url).catch(() => undefined)
}
