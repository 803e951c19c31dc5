import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { AdminOverview } from '../types'

export async function getAdminOverview(): Promise<AdminOverview> {
  const { data } = await api<Schemas['AdminOverviewResponse']>('/admin/overview')
  return data
}

/** Fetched again on every visit: the figures move while nobody here acts. */
export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview, refetchOnMount: 'always' })

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions())
