import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { OFFLINE_MESSAGE } from '@/lib/api-client'
import { page } from '@/lib/reload'
import { Button, buttonClasses } from '@/components/ui/button'

/** When the app last reloaded itself for a missing chunk; it does so at most once a minute. */
const RELOADED_AT_KEY = 'chunkReloadAt'
const RELOAD_AGAIN_AFTER_MS = 60_000

/**
 * A screen's code could not be fetched: the server was updated (the old chunk names are gone) or
 * the connection dropped. Browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(error.message)
  )
}

/**
 * The error of one screen, shown inside the layout (header and footer stay). A screen whose code did
 * not load offers a retry, and the first time in a minute reloads at once: after a deploy that fetches
 * the new page, which names the new chunks. Offline it does not reload (that would show the browser's
 * own offline page) and says so instead; links normally keep the visitor on their page then
 * (useScreenCodeFirst), so this is for the rest.
 */
export default function PageError() {
  const error = useRouteError()
  const chunk = isChunkLoadError(error)
  const offline = chunk && !navigator.onLine

  useEffect(() => {
    if (!chunk) {
      console.error(error)
      return
    }
    if (offline) return
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0)
    if (Date.now() - last > RELOAD_AGAIN_AFTER_MS) {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()))
      page.reload()
    }
  }, [chunk, error, offline])

  if (chunk) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>Couldn't load this page | jobportal</title>
        <h1 className="text-3xl font-bold text-gray-900">Couldn't load this page.</h1>
        <p className="mt-4 text-gray-700">{offline ? `${OFFLINE_MESSAGE}.` : 'The connection may have dropped, or the site was just updated.'}</p>
        <Button className="mt-8" onClick={() => page.reload()}>
          Retry
        </Button>
      </section>
    )
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Unexpected Application Error | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Unexpected Application Error</h1>
      {detail && <p className="mt-4 text-gray-700">{detail}</p>}
      {/* A full page load, so a broken in-memory state cannot follow the visitor home. */}
      <a href="/" className={buttonClasses({ className: 'mt-8' })}>
        Back to homepage
      </a>
    </section>
  )
}
