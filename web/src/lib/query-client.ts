import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import { ApiError, errorMessage, FALLBACK_MESSAGE } from './api-client'
import { followConnection, isOnline } from './use-online'

/**
 * How a screen tells that a query it shows failed (docs/product.md#messages): a toast with this `id`
 * (one toast however often the query fails) saying `message(error)`; no toast when that is null.
 */
export type ErrorToast = { id: string; message: (error: Error) => string | null }

export type QueryMeta = {
  /**
   * The failure's toast; without one, the server's message (or "Internal Server Error") under the
   * query's own id. `false` opts out: the screen shows the failure in place, or does without the data.
   */
  errorToast?: ErrorToast | false
}

/**
 * How a screen tells that a change it asked for failed (docs/product.md#messages): a toast saying
 * `message(error, variables)`, the variables being what the change was asked with (no toast when that
 * is null); without `message`, the server's message (or "Internal Server Error"). Under `id` when
 * given, so a second failure replaces the first's toast; without one, each failure has its own.
 */
export type MutationErrorToast<TVariables = unknown> = {
  id?: string
  message?: (error: Error, variables: TVariables) => string | null
}

export type MutationMeta = {
  /**
   * The failure's toast; without one, the server's message (or "Internal Server Error"). `false`
   * opts out: the screen shows the failure in place (beside a form's fields, in its dialog), or the
   * change fails in silence. (`never`: a toast for any mutation's variables fits here.)
   */
  errorToast?: MutationErrorToast<never> | false
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta
    mutationMeta: MutationMeta
  }
}

/** docs/product.md#offline: what a change asked for offline says. */
export const OFFLINE_WRITE = 'You are offline: this was not sent. Try again when you are back online.'

/** A change refused before it was sent, because the app is offline (lib/use-online); it carries the words a screen shows in place. */
export class OfflineWriteError extends ApiError {
  constructor() {
    super(OFFLINE_WRITE, 0)
    this.name = 'OfflineWriteError'
  }
}

/**
 * Every mutation starts here, before its own onMutate: offline, it fails at once (nothing is sent,
 * nothing waits to be sent later, and no screen shows the change as made), with OFFLINE_WRITE.
 */
export function refuseOffline() {
  if (!isOnline()) throw new OfflineWriteError()
}

/**
 * No retries (a failure shows its message at once), but for a call that reached no server, which
 * puts the app offline (lib/use-online): that one waits for the connection, keeping the data shown.
 */
export const retryWhenBackOnline = (_failureCount: number, error: Error) => error instanceof ApiError && error.status === 0 && !isOnline()

/** The words of most failures: the server's message, or `fallback` when it gave none. */
export const serverMessage =
  (fallback: string) =>
  (error: Error): string =>
    errorMessage(error, fallback)

/** A query's options with the toast a screen asks for, when it asks for one (otherwise those the options carry). */
export const withErrorToast = <T extends { meta?: QueryMeta }>(options: T, errorToast: ErrorToast | false | undefined): T =>
  errorToast === undefined ? options : { ...options, meta: { ...options.meta, errorToast } }

/**
 * The one error handler of every query: each screen showing the query (each of its observers)
 * gets the toast its `meta.errorToast` asks for, once per toast id. A query nobody shows any more
 * fails in silence, as its screen is gone.
 */
export function toastQueryError(error: Error, query: Query<unknown, unknown, unknown>) {
  const shown = new Set<string>()
  for (const observer of query.observers) {
    const errorToast = observer.options.meta?.errorToast ?? { id: query.queryHash, message: serverMessage(FALLBACK_MESSAGE) }
    if (errorToast === false || shown.has(errorToast.id)) continue
    shown.add(errorToast.id)
    const message = errorToast.message(error)
    if (message !== null) toast.error(message, { id: errorToast.id })
  }
}

/**
 * The one error handler of every mutation: the toast its `meta.errorToast` asks for, the server's
 * message by default. It runs whether or not the screen that asked is still shown (the change was
 * the person's, so its failure is theirs to hear), before the mutation's own onError and before
 * mutateAsync rejects; what else a failure calls for (a refusal beside a field, a refetch) stays
 * with the screen. A change refused offline says OFFLINE_WRITE, whatever the screen's own words; a
 * screen that says its failures in place (`false`) shows those words there.
 */
export function toastMutationError(error: Error, variables: unknown, _onMutateResult: unknown, mutation: Mutation<unknown, unknown, unknown>) {
  const errorToast = mutation.options.meta?.errorToast
  if (errorToast === false) return
  // One toast however many changes were refused; a screen's own words are for the server's refusals.
  if (error instanceof OfflineWriteError) return void toast.error(OFFLINE_WRITE, { id: 'offline-write' })
  // The variables are the ones this mutation was asked with, which its toast was written for.
  const message = errorToast?.message ? errorToast.message(error, variables as never) : errorMessage(error, FALLBACK_MESSAGE)
  // Without an id, react-hot-toast gives the toast one of its own.
  if (message !== null) toast.error(message, { id: errorToast?.id })
}

/**
 * No retries: a failure shows its message at once (docs/product.md#messages). Offline
 * (docs/product.md#offline) a query waits with what it has, and a mutation is refused.
 */
export function createQueryClient() {
  followConnection()
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryError }),
    mutationCache: new MutationCache({ onMutate: refuseOffline, onError: toastMutationError }),
    defaultOptions: {
      queries: { retry: retryWhenBackOnline, retryDelay: 0, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  })
}
