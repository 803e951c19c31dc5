import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import { invalidateAfterAdminChange } from './invalidate'

/** `email`: part of the address, in any case. */
export type AccountSearch = { email: string; page: number }

export type AdminAccountsPage = Omit<Schemas['AdminAccountsPage'], 'success' | 'message'>

export async function getAdminAccounts({ email, page }: AccountSearch, signal?: AbortSignal): Promise<AdminAccountsPage> {
  const params = new URLSearchParams({ page: String(page) })
  if (email) params.set('email', email)
  const { data, total, limit } = await api<Schemas['AdminAccountsPage']>(`/admin/accounts?${params}`, { signal })
  return { data: data ?? [], total, page, limit }
}

export const adminAccountsQueryOptions = (search: AccountSearch) =>
  queryOptions({
    queryKey: ['admin', 'accounts', search],
    queryFn: ({ signal }) => getAdminAccounts(search, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  })

export const useAdminAccounts = (search: AccountSearch) => useQuery(adminAccountsQueryOptions(search))

const accountPath = (id: string) => `/admin/accounts/${encodeURIComponent(id)}`

export const suspendAccount = (id: string, reason: string) =>
  api<Schemas['AdminAccountResponse']>(`${accountPath(id)}/suspend`, { method: 'PUT', body: { reason } })

export const reinstateAccount = (id: string) => api<Schemas['AdminAccountResponse']>(`${accountPath(id)}/reinstate`, { method: 'PUT' })

export function useSuspendAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => suspendAccount(id, reason),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
  })
}

export function useReinstateAccount() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: reinstateAccount, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
