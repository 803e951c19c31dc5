import { QueryClient } from '@tanstack/react-query'

/** No retries: a failure shows its message at once (docs/product.md#messages). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  })
}
