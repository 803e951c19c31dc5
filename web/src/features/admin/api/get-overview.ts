import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import type { AdminOverview } from '../types'

export async function getAdminOverview(): Promise<AdminOverview> {
  const { data } = await payload(api.GET('/admin/overview'))
  return data
}

/** Fetched again on every visit: the figures move while nobody here acts. */
export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview, refetchOnMount: 'always', meta: { errorToast: false } }) // the console says a failure in place

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions())
