import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { storedUserId, useSession } from '@/lib/auth'
import { OFFLINE_CACHE_MAX_AGE_MS, type OfflineCacheOptions } from '@/lib/offline-cache'

/**
 * docs/product.md#offline: the screens a person needs on the go, by the keys of their queries (as
 * the features build them): their saved jobs, each job they opened, their own applications with
 * their stages (the list each conversation opens from), each conversation's messages, and their
 * interviews (an application's, and each one's booking page).
 */
export const OFFLINE_QUERY_KEYS: readonly QueryKey[] = [['jobs', 'saved'], ['jobs', 'detail'], ['applications', 'mine'], ['messages'], ['interviews']]

const startsWith = (queryKey: QueryKey, prefix: QueryKey) => prefix.every((part, index) => queryKey[index] === part)

/** Whether a query is kept for reading offline: My Applications is the list without a recruiter's view. */
export function keptOffline(queryKey: QueryKey): boolean {
  if (startsWith(queryKey, ['applications', 'mine'])) return queryKey.length === 3
  return OFFLINE_QUERY_KEYS.some((prefix) => startsWith(queryKey, prefix))
}

/**
 * The build of the app: the address of this file, which a production build puts in the entry
 * script (the provider's), named by a hash of everything the app loads. A new build reads none of
 * what an older one kept.
 */
export const APP_BUILD = import.meta.url

const OFFLINE: OfflineCacheOptions = { build: APP_BUILD, keep: keptOffline }

/** The code that keeps and restores (lib/offline-keeper): loaded for a signed-in person only. */
const keeper = () => import('@/lib/offline-keeper')

/**
 * Readies `client` for the person left signed in on this device: the kept queries stay in memory as
 * long as they are kept on the device (so an unvisited screen is not dropped from what is kept),
 * and what was kept for this person comes back as soon as its code has loaded (a screen asking
 * meanwhile offline waits for the connection, and shows what came back).
 */
export function prepareOfflineCache(client: QueryClient) {
  for (const prefix of OFFLINE_QUERY_KEYS) client.setQueryDefaults(prefix, { gcTime: OFFLINE_CACHE_MAX_AGE_MS })
  const userId = storedUserId()
  if (userId !== null) void keeper().then(({ restoreOfflineCache }) => restoreOfflineCache(client, userId, OFFLINE))
  return client
}

/**
 * While someone is signed in, keeps their kept queries on the device (a guest's never are); a
 * person who signs in gets back what was kept for them. The end of the session removes it all
 * (lib/auth's clearSession).
 */
export function useOfflineCache() {
  const client = useQueryClient()
  const { userId, loggedIn } = useSession()
  const user = loggedIn ? userId : null
  useEffect(() => {
    if (user === null) return
    let stop: (() => void) | undefined
    let ended = false
    void keeper().then(({ keepOfflineCache, restoreOfflineCache }) => {
      if (ended) return
      restoreOfflineCache(client, user, OFFLINE)
      stop = keepOfflineCache(client, user, OFFLINE)
    })
    return () => {
      ended = true
      stop?.()
    }
  }, [client, user])
}
