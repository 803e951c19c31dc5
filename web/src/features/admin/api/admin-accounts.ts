import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { invalidateAfterAdminChange } from './invalidate'

/** `email`: part of the address, in any case. */
export type AccountSearch = { email: string; page: number }

export type AdminAccountsPage = Omit<Schemas['AdminAccountsPage'], 'success' | 'message'>

export async function getAdminAccounts({ email, page }: AccountSearch, signal?: AbortSignal): Promise<AdminAccountsPage> {
  const query = email ? { page, email } : { page }
  const { data, total, limit } = await payload(api.GET('/admin/accounts', { params: { query }, signal }))
  return { data, total, page, limit }
}

export const adminAccountsQueryOptions = (search: AccountSearch) =>
  queryOptions({
    queryKey: ['admin', 'accounts', search],
    queryFn: ({ signal }) => getAdminAccounts(search, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    // The console says a failure in place.
    meta: { errorToast: false },
  })

export const useAdminAccounts = (search: AccountSearch) => useQuery(adminAccountsQueryOptions(search))

const account = (userId: string) => ({ params: { path: { userId } } })

export const suspendAccount = (id: string, reason: string) => payload(api.PUT('/admin/accounts/{userId}/suspend', { ...account(id), body: { reason } }))

export const reinstateAccount = (id: string) => payload(api.PUT('/admin/accounts/{userId}/reinstate', account(id)))

export function useSuspendAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => suspendAccount(id, reason),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
    // The reason dialog says a refusal in place.
    meta: { errorToast: false },
  })
}

export function useReinstateAccount() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: reinstateAccount, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
