import { useCallback, useEffect, type ComponentType } from 'react'
import { toast } from 'react-hot-toast'
import { matchRoutes, useBlocker, type Location, type RouteObject } from 'react-router'
import { OFFLINE_MESSAGE } from '@/lib/api-client'

type ScreenModule = { default: ComponentType }
type ScreenCode = {
  fetch: () => Promise<unknown>
  fetched: () => boolean
  /** Gives up on a fetch still under way (it hangs), so the next try starts a new one. */
  forget: () => void
}

/** The code of each route's `lazy` made by `screen`. */
const codeOf = new WeakMap<object, ScreenCode>()

/**
 * A route's `lazy` for one screen, its own chunk. The code is fetched once: a fetch that failed is
 * forgotten, so the next try fetches again (the router keeps a rejected `lazy` for good, which is
 * why useScreenCodeFirst fetches a screen's code before the router asks for it).
 */
export function screen(load: () => Promise<ScreenModule>) {
  let fetching: Promise<ScreenModule> | null = null
  let fetched = false
  const fetchCode = () => {
    if (fetching) return fetching
    const attempt: Promise<ScreenModule> = load().then(
      (module) => {
        fetched = true
        return module
      },
      (error: unknown) => {
        if (fetching === attempt) fetching = null
        throw error
      },
    )
    fetching = attempt
    return attempt
  }
  const forget = () => {
    if (!fetched) fetching = null
  }
  const lazy = async () => ({ Component: (await fetchCode()).default })
  codeOf.set(lazy, { fetch: fetchCode, fetched: () => fetched, forget })
  return lazy
}

/** The code the screens at `location` still need (none when every part was fetched already). */
export function missingCode(routes: RouteObject[], location: Pick<Location, 'pathname'>): ScreenCode[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const code = route.lazy ? codeOf.get(route.lazy) : undefined
    return code && !code.fetched() ? [code] : []
  })
}

/** Whether the site answers at all: a chunk that failed while it does is gone (a new deploy), not offline. */
async function siteReachable() {
  try {
    await fetch('/', { method: 'HEAD', cache: 'no-store' })
    return true
  } catch {
    return false
  }
}

/** How long a fetch may take while the browser says it is offline before the visitor is told. */
const OFFLINE_PATIENCE_MS = 1_000

/** 'offline' when the code could not be fetched for want of a connection; 'go' otherwise. */
async function fetchCode(code: ScreenCode[]): Promise<'go' | 'offline'> {
  const fetched = Promise.all(code.map((part) => part.fetch()))
  // A fetch that fails after the visitor was told is of no further interest.
  fetched.catch(() => {})
  try {
    // Offline, code the browser holds already (preloaded) still arrives at once; the rest fails or
    // waits, and the visitor is told promptly either way (the next tap fetches afresh).
    await (navigator.onLine ? fetched : Promise.race([fetched, new Promise((_, reject) => setTimeout(reject, OFFLINE_PATIENCE_MS))]))
    return 'go'
  } catch {
    if (!navigator.onLine) {
      code.forEach((part) => part.forget())
      return 'offline'
    }
    // The site answers: the chunk is gone after a deploy, which the screen's error handles (it reloads).
    return (await siteReachable()) ? 'go' : 'offline'
  }
}

/**
 * A link to a screen whose code is not here yet leaves the current screen only once the code has
 * arrived. Offline (or when the fetch fails for want of a connection) the visitor stays where they
 * were, with what they typed, and reads "You appear to be offline. Try again"; a later tap fetches
 * again. Without this the router would show the screen's error, and reload into the browser's own
 * offline page (docs/product.md#messages).
 */
export function useScreenCodeFirst(routes: RouteObject[]) {
  const blocker = useBlocker(useCallback(({ nextLocation }: { nextLocation: Location }) => missingCode(routes, nextLocation).length > 0, [routes]))

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    let current = true
    void fetchCode(missingCode(routes, blocker.location)).then((outcome) => {
      if (!current) return
      if (outcome === 'go') {
        blocker.proceed()
        return
      }
      blocker.reset()
      toast.error(OFFLINE_MESSAGE, { id: 'offline' })
    })
    return () => {
      current = false
    }
  }, [blocker, routes])
}
