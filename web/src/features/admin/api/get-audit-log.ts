import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'

export type AuditLogPage = Omit<Schemas['AuditPage'], 'success' | 'message'>

/** The Admins' actions, newest first. */
export async function getAuditLog(page: number, signal?: AbortSignal): Promise<AuditLogPage> {
  const { data, total, limit } = await payload(api.GET('/admin/audit', { params: { query: { page } }, signal }))
  return { data, total, page, limit }
}

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    // The console says a failure in place.
    meta: { errorToast: false },
  })

export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page))
