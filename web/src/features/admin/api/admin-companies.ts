import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { invalidateAfterAdminChange } from './invalidate'

/** `name`: part of the company's name, in any case. */
export type CompanySearch = { name: string; page: number }

export type AdminCompaniesPage = Omit<Schemas['AdminCompaniesPage'], 'success' | 'message'>

export async function getAdminCompanies({ name, page }: CompanySearch, signal?: AbortSignal): Promise<AdminCompaniesPage> {
  const query = name ? { page, name } : { page }
  const { data, total, limit } = await payload(api.GET('/admin/companies', { params: { query }, signal }))
  return { data, total, page, limit }
}

export const adminCompaniesQueryOptions = (search: CompanySearch) =>
  queryOptions({
    queryKey: ['admin', 'companies', search],
    queryFn: ({ signal }) => getAdminCompanies(search, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    // The console says a failure in place.
    meta: { errorToast: false },
  })

export const useAdminCompanies = (search: CompanySearch) => useQuery(adminCompaniesQueryOptions(search))

const company = (companyId: string) => ({ params: { path: { companyId } } })

export const renameCompany = (id: string, name: string) => payload(api.PUT('/admin/companies/{companyId}', { ...company(id), body: { name } }))

export const verifyCompany = (id: string) => payload(api.PUT('/admin/companies/{companyId}/verify', company(id)))

export const unverifyCompany = (id: string) => payload(api.PUT('/admin/companies/{companyId}/unverify', company(id)))

export const suspendCompany = (id: string, reason: string) => payload(api.PUT('/admin/companies/{companyId}/suspend', { ...company(id), body: { reason } }))

export const reinstateCompany = (id: string) => payload(api.PUT('/admin/companies/{companyId}/reinstate', company(id)))

export function useRenameCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCompany(id, name),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
    // The rename dialog says a refusal in place.
    meta: { errorToast: false },
  })
}

/** Verifies a company, or takes its verification back (`verified: false`). */
export function useVerifyCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) => (verified ? verifyCompany(id) : unverifyCompany(id)),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
  })
}

export function useSuspendCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => suspendCompany(id, reason),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
    // The reason dialog says a refusal in place.
    meta: { errorToast: false },
  })
}

export function useReinstateCompany() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: reinstateCompany, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
