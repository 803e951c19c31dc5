// docs/product.md#offline: a signed-in person's kept queries written to local storage and put back
// (./offline-cache says what is kept where, and removes it). A chunk of its own: a guest's page
// never loads it.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { keepers, OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_MAX_CHARS, storageKey, type OfflineCacheOptions } from './offline-cache'
import { readStored } from './store'

/** Changes close together are written once, this long after the first of them. */
const WRITE_DELAY_MS = 1000

type KeptCache = { build: string; savedAt: number; state: DehydratedState }

/**
 * Puts the cache kept for `userId` back into `client` (a query there already with newer data keeps
 * it). An entry from another build, older than the maximum age or unreadable is removed instead.
 * Returns whether anything was restored.
 */
export function restoreOfflineCache(client: QueryClient, userId: string, { build }: Pick<OfflineCacheOptions, 'build'>, now = Date.now()): boolean {
  const key = storageKey(userId)
  const kept = readStored<KeptCache>(localStorage, key)
  if (!kept) return false
  if (kept.build !== build || !(now - kept.savedAt <= OFFLINE_CACHE_MAX_AGE_MS) || !Array.isArray(kept.state?.queries)) {
    localStorage.removeItem(key)
    return false
  }
  hydrate(client, kept.state)
  // What came back is shown at once but is not taken for fresh: each screen asks again as it opens
  // (offline, it waits for the connection). A query that kept newer data of its own is left alone.
  const restored = new Map(kept.state.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]))
  for (const query of client.getQueryCache().getAll()) {
    if (restored.get(query.queryHash) === query.state.dataUpdatedAt) query.invalidate()
  }
  return kept.state.queries.length > 0
}

/** Writes the queries of `client` that `keep` names and that hold data, for `userId`; none, or too many, remove the entry. */
export function writeOfflineCache(client: QueryClient, userId: string, { build, keep }: OfflineCacheOptions, now = Date.now()) {
  const key = storageKey(userId)
  const { queries } = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.state.data !== undefined && keep(query.queryKey),
    shouldDehydrateMutation: () => false,
  })
  if (queries.length === 0) {
    localStorage.removeItem(key)
    return
  }
  // A query's meta is the screen's (its toast's words): the screen gives it again when it shows the query.
  const kept: KeptCache = { build, savedAt: now, state: { mutations: [], queries: queries.map(({ meta: _meta, ...query }) => query) } }
  const text = JSON.stringify(kept)
  try {
    if (text.length > OFFLINE_CACHE_MAX_CHARS) localStorage.removeItem(key)
    else localStorage.setItem(key, text)
  } catch {
    // The storage is full: better nothing kept than an older copy.
    localStorage.removeItem(key)
  }
}

/**
 * Keeps the queries of `client` that `options.keep` names for `userId`, from now until the returned stop:
 * each change is written within a second, and at once when the page is hidden or the keeper stops.
 */
export function keepOfflineCache(client: QueryClient, userId: string, options: OfflineCacheOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    clearTimeout(timer)
    timer = undefined
    writeOfflineCache(client, userId, options)
  }
  const flush = () => {
    if (timer !== undefined) write()
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const changed = event.type === 'removed' || (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState'))
    if (changed && options.keep(event.query.queryKey)) timer ??= setTimeout(write, WRITE_DELAY_MS)
  })
  const hidden = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('visibilitychange', hidden)
  window.addEventListener('pagehide', flush)
  const end = () => {
    unsubscribe()
    document.removeEventListener('visibilitychange', hidden)
    window.removeEventListener('pagehide', flush)
    keepers.delete(cancel)
  }
  // The session ended: nothing more is written, not even what was waiting.
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    end()
  }
  keepers.add(cancel)
  return () => {
    if (!keepers.has(cancel)) return
    flush()
    end()
  }
}
