import type { QueryKey } from '@tanstack/react-query'

/**
 * docs/product.md#offline: the queries a signed-in person reads on the go, kept in local storage
 * under `offlineCache:{userId}` so their screens show what was last seen while the browser is
 * offline. Which queries is the app's to say (app/offline-queries.ts); ./offline-keeper keeps and
 * restores them, loaded only for a signed-in person, and this file removes them.
 */
export const OFFLINE_CACHE_KEY = 'offlineCache'

/** A kept cache older than this is dropped rather than shown. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Past this many characters of JSON (about 2 MB), the cache is not kept at all. */
export const OFFLINE_CACHE_MAX_CHARS = 2 * 1024 * 1024

/**
 * What the app says of what it keeps: `build`, the build of the app that writes and reads it (an
 * entry another build wrote is dropped, as its data may not fit this one), and `keep`, which
 * queries are kept.
 */
export type OfflineCacheOptions = { build: string; keep: (queryKey: QueryKey) => boolean }

/** The key a person's cache is kept under. */
export const storageKey = (userId: string) => `${OFFLINE_CACHE_KEY}:${userId}`

/** Every keeper at work (./offline-keeper): the end of a session stops them before it removes what they wrote. */
export const keepers = new Set<() => void>()

/** Removes every cache kept on this device, whoever's, and stops the keepers that would write one again. */
export function clearOfflineCaches() {
  keepers.forEach((cancel) => cancel())
  for (const key of Object.keys(localStorage).filter((key) => key.startsWith(`${OFFLINE_CACHE_KEY}:`))) {
    localStorage.removeItem(key)
  }
}
