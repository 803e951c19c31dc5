import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'

export type AuditLogPage = Omit<Schemas['AuditPage'], 'success' | 'message'>

/** The Admins' actions, newest first. */
export async function getAuditLog(page: number, signal?: AbortSignal): Promise<AuditLogPage> {
  const { data, total, limit } = await api<Schemas['AuditPage']>(`/admin/audit?${new URLSearchParams({ page: String(page) })}`, { signal })
  return { data: data ?? [], total, page, limit }
}

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  })

export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page))
