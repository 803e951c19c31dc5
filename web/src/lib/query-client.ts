import { QueryCache, QueryClient, type Query } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import { errorMessage } from './api-client'

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

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta
  }
}

const FALLBACK = 'Internal Server Error'

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
    const errorToast = observer.options.meta?.errorToast ?? { id: query.queryHash, message: (failure: Error) => errorMessage(failure, FALLBACK) }
    if (errorToast === false || shown.has(errorToast.id)) continue
    shown.add(errorToast.id)
    const message = errorToast.message(error)
    if (message !== null) toast.error(message, { id: errorToast.id })
  }
}

/** No retries: a failure shows its message at once (docs/product.md#messages). */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  })
}
