import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { onSessionRejected } from '@/lib/api-client'
import { endRejectedSession } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { AppToaster } from '@/lib/toaster'

/**
 * What every screen runs inside: the query cache (with its one error handler, lib/query-client), the
 * handler of a token the server refuses (lib/auth), and the toaster.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  useEffect(() => onSessionRejected((message) => endRejectedSession(client, message)), [client])
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  )
}
