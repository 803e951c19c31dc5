import { QueryClient } from '@tanstack/react-query'

/** The spec's client has no retries: a failure shows its message at once. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  })
}
