import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { App, routerReady } from './app/app'
import { fillFromPage } from './app/page-queries'
import { drawnByServer, keepTyped } from './lib/page-data'
import { createQueryClient } from './lib/query-client'
import './index.css'

const queryClient = createQueryClient()
// A page whose content the server drew keeps it until the app can draw the same screen complete:
// its code loaded and its data in the cache (docs/product.md#content-before-script).
const drawn = drawnByServer()
if (drawn) await Promise.all([routerReady(), fillFromPage(queryClient, window.location)])

const app = (
  <StrictMode>
    <App queryClient={queryClient} splash={!drawn} />
  </StrictMode>
)
const root = createRoot(document.getElementById('root')!)
if (drawn) {
  // In one go, so what was typed meanwhile is carried over at once.
  const restoreTyped = keepTyped()
  flushSync(() => root.render(app))
  restoreTyped()
} else {
  root.render(app)
}
