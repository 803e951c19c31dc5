import type { QueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, useLayoutEffect, useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { drawnByServer } from '@/lib/page-data'
import { AppReadyProvider } from '@/lib/template'
import { AppProvider } from './provider'
import { routes } from './routes'
import { SplashGate } from './splash'

let made: ReturnType<typeof createBrowserRouter> | undefined

/**
 * The app's one router, made at its first use rather than when this module loads: making it ranks
 * every route, matches the address and starts the first screen's loaders, work that a page the
 * server drew does in a task of its own (main.tsx).
 */
function appRouter() {
  return (made ??= createBrowserRouter(routes))
}

/** Resolves once the router has the first screen's code and loaders done, so it can draw it. */
export function routerReady(): Promise<void> {
  const router = appRouter()
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * `splash` false: the page was drawn already (by the server), so the logo would only cover it.
 * `onDrawn` runs once the app has drawn its first screen, `onTakenOver` once its screens are its own
 * (lib/template.tsx: on a page the server drew, the first render is the server's markup over again).
 */
export function App({
  queryClient,
  splash = true,
  onDrawn,
  onTakenOver,
}: {
  queryClient?: QueryClient
  splash?: boolean
  onDrawn?: () => void
  onTakenOver?: () => void
}) {
  const [ready, setReady] = useState(() => !drawnByServer())
  // The parent's effect runs after every child's, in the same task as the commit: the whole first
  // screen is on the page, and no key pressed since can have gone elsewhere.
  useLayoutEffect(() => onDrawn?.(), [onDrawn])
  // In a task of its own, and drawn in slices like the first screen.
  useEffect(() => {
    if (ready) return
    const later = setTimeout(() => startTransition(() => setReady(true)))
    return () => clearTimeout(later)
  }, [ready])
  useLayoutEffect(() => {
    if (ready) onTakenOver?.()
  }, [ready, onTakenOver])
  return (
    <AppReadyProvider value={ready}>
      <AppProvider queryClient={queryClient}>
        <SplashGate enabled={splash}>
          <RouterProvider router={appRouter()} />
        </SplashGate>
      </AppProvider>
    </AppReadyProvider>
  )
}
