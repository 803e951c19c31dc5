import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { clearSession } from './auth/session'
import { clearOfflineCaches, OFFLINE_CACHE_KEY, OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_MAX_CHARS } from './offline-cache'
import { keepOfflineCache, restoreOfflineCache, writeOfflineCache } from './offline-keeper'

/** Only the saved jobs are kept here, by build 1. */
const savedOnly = { build: 'build-1', keep: (queryKey: QueryKey) => queryKey[0] === 'saved' }

/** A client holding Ann's saved jobs (kept) and a search (not kept). */
function annsClient() {
  const client = new QueryClient()
  client.setQueryData(['saved', 'u-ann'], ['Backend Developer'])
  client.setQueryData(['search', 'rust'], ['Rust Engineer'])
  return client
}

const kept = (userId: string) => JSON.parse(localStorage.getItem(`${OFFLINE_CACHE_KEY}:${userId}`) ?? 'null') as { build: string; savedAt: number; state: { queries: { queryKey: QueryKey }[] } } | null

afterEach(() => vi.useRealTimers())

test("a person's kept queries come back for that person, and only the queries named", () => {
  writeOfflineCache(annsClient(), 'u-ann', savedOnly)
  expect(kept('u-ann')?.state.queries.map((query) => query.queryKey)).toEqual([['saved', 'u-ann']])

  const next = new QueryClient()
  expect(restoreOfflineCache(next, 'u-ann', savedOnly)).toBe(true)
  expect(next.getQueryData(['saved', 'u-ann'])).toEqual(['Backend Developer'])
  expect(next.getQueryData(['search', 'rust'])).toBeUndefined()

  const someoneElse = new QueryClient()
  expect(restoreOfflineCache(someoneElse, 'u-bo', savedOnly)).toBe(false)
  expect(someoneElse.getQueryCache().getAll()).toEqual([])
})

test('a kept cache older than seven days, or written by another build of the app, is removed instead of restored', () => {
  const now = Date.now()
  writeOfflineCache(annsClient(), 'u-ann', savedOnly, now - OFFLINE_CACHE_MAX_AGE_MS - 1)
  expect(restoreOfflineCache(new QueryClient(), 'u-ann', savedOnly, now)).toBe(false)
  expect(kept('u-ann')).toBeNull()

  writeOfflineCache(annsClient(), 'u-ann', savedOnly, now - OFFLINE_CACHE_MAX_AGE_MS)
  expect(restoreOfflineCache(new QueryClient(), 'u-ann', savedOnly, now)).toBe(true)

  expect(restoreOfflineCache(new QueryClient(), 'u-ann', { build: 'build-2' }, now)).toBe(false)
  expect(kept('u-ann')).toBeNull()
})

test('a cache past about 2 MB is not kept, and an older copy goes with it', () => {
  writeOfflineCache(annsClient(), 'u-ann', savedOnly)
  expect(kept('u-ann')).not.toBeNull()
  const client = new QueryClient()
  client.setQueryData(['saved', 'u-ann'], ['x'.repeat(OFFLINE_CACHE_MAX_CHARS)])
  writeOfflineCache(client, 'u-ann', savedOnly)
  expect(kept('u-ann')).toBeNull()
})

test('what comes back is shown at once but asked for again; a newer answer already in the cache is neither replaced nor asked for again', () => {
  writeOfflineCache(annsClient(), 'u-ann', savedOnly, Date.now())
  const restored = new QueryClient()
  restoreOfflineCache(restored, 'u-ann', savedOnly)
  expect(restored.getQueryState(['saved', 'u-ann'])).toMatchObject({ status: 'success', isInvalidated: true })

  const client = new QueryClient()
  client.setQueryData(['saved', 'u-ann'], ['Fresh Role'], { updatedAt: Date.now() + 1000 })
  restoreOfflineCache(client, 'u-ann', savedOnly)
  expect(client.getQueryData(['saved', 'u-ann'])).toEqual(['Fresh Role'])
  expect(client.getQueryState(['saved', 'u-ann'])?.isInvalidated).toBe(false)
})

test('a keeper writes a change within a second, and at once when it stops', () => {
  vi.useFakeTimers()
  const client = new QueryClient()
  const stop = keepOfflineCache(client, 'u-ann', savedOnly)
  client.setQueryData(['saved', 'u-ann'], ['Backend Developer'])
  client.setQueryData(['search', 'rust'], ['Rust Engineer'])
  expect(kept('u-ann')).toBeNull()
  vi.advanceTimersByTime(1000)
  expect(kept('u-ann')?.state.queries.map((query) => query.queryKey)).toEqual([['saved', 'u-ann']])

  client.setQueryData(['saved', 'u-ann'], ['Backend Developer', 'Data Engineer'])
  stop()
  const restored = new QueryClient()
  expect(restoreOfflineCache(restored, 'u-ann', savedOnly)).toBe(true)
  expect(restored.getQueryData(['saved', 'u-ann'])).toEqual(['Backend Developer', 'Data Engineer'])
})

test("the end of a session (clearSession) removes every person's kept cache and writes nothing more", () => {
  vi.useFakeTimers()
  writeOfflineCache(annsClient(), 'u-ann', savedOnly)
  const bos = new QueryClient()
  bos.setQueryData(['saved', 'u-bo'], ['Frontend Developer'])
  writeOfflineCache(bos, 'u-bo', savedOnly)
  localStorage.setItem('unrelated', 'kept')
  const stop = keepOfflineCache(bos, 'u-bo', savedOnly)
  bos.setQueryData(['saved', 'u-bo'], ['Frontend Developer', 'Designer'])

  clearSession()
  expect(Object.keys(localStorage)).toEqual(['unrelated'])
  vi.advanceTimersByTime(5000)
  stop()
  bos.setQueryData(['saved', 'u-bo'], ['Later'])
  vi.advanceTimersByTime(5000)
  expect(Object.keys(localStorage)).toEqual(['unrelated'])
})

test('clearOfflineCaches removes only the kept caches', () => {
  writeOfflineCache(annsClient(), 'u-ann', savedOnly)
  localStorage.setItem('token', 'ann-token')
  clearOfflineCaches()
  expect(Object.keys(localStorage)).toEqual(['token'])
})
