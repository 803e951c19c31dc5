import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, routerReady } from './app/app'
import { fillFromPage } from './app/page-queries'
import { trackInputModality } from './lib/input-modality'
import { drawnByServer, keepTyped } from './lib/page-data'
import { createQueryClient } from './lib/query-client'
import './index.css'

// Before the first key or tap: the focus ring of what the app focuses itself depends on which it was.
trackInputModality()

/**
 * In a build only, once the app's screens are its own and the browser is idle: the service worker,
 * which keeps the app's shell for when the network is gone and offers each new version ("New
 * version: reload"). Its install fetches the whole shell, so it waits for the page's own work to
 * end rather than compete with it. Its code is a chunk of its own.
 */
function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const start = () => void import('./lib/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker())
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 10_000 })
  else setTimeout(start, 2_000)
}

const queryClient = createQueryClient()
const root = createRoot(document.getElementById('root')!)
// A page whose content the server drew keeps it until the app can draw the same screen complete:
// its code loaded and its data in the cache (docs/product.md#content-before-script).
if (drawnByServer()) {
  const restoreTyped = keepTyped()
  // The first screen is the server's markup over again (lib/template.tsx), then it becomes the
  // app's own (app.tsx); what was typed meanwhile, and the focus, move along each time.
  const drawn = () => restoreTyped(false)
  const takenOver = () => {
    restoreTyped()
    startServiceWorker()
  }
  // The page is there to read and use: each step of the takeover is a task of its own, so a phone
  // answers a tap between them (this module's loading, the router's start, the drawing's slices).
  await new Promise((resolve) => setTimeout(resolve, 0))
  await Promise.all([routerReady(), fillFromPage(queryClient, window.location)])
  // Drawn in slices (the page is already there to read), then what was typed meanwhile carried over.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} splash={false} onDrawn={drawn} onTakenOver={takenOver} />
      </StrictMode>,
    ),
  )
} else {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  )
  startServiceWorker()
}

