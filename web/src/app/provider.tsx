import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { onSessionRejected } from '@/lib/api-client'
import { endRejectedSession } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { AppToaster } from '@/lib/toaster'
import { useBackOnlineToast } from '@/lib/use-online'
import { prepareOfflineCache, useOfflineCache } from './offline-queries'

/** What is kept on this device for reading offline, and the word when the connection comes back (docs/product.md#offline). */
function Offline() {
  useOfflineCache()
  useBackOnlineToast()
  return null
}

/**
 * What every screen runs inside: the query cache (with its one error handler, lib/query-client, and
 * what the signed-in person last saw of the screens kept for offline, ./offline-queries), the
 * handler of a token the server refuses (lib/auth), and the toaster.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => prepareOfflineCache(queryClient ?? createQueryClient()))
  useEffect(() => onSessionRejected((message) => endRejectedSession(client, message)), [client])
  return (
    <QueryClientProvider client={client}>
      <Offline />
      {children}
      <AppToaster />
    </QueryClientProvider>
  )
}
