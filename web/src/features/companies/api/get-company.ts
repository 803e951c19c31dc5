import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { Company } from '../types'

export async function getCompany(slug: string, signal?: AbortSignal): Promise<Company> {
  const { company } = await payload(api.GET('/companies/{slug}', { params: { path: { slug } }, signal }))
  return company
}

export const companyQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['companies', 'profile', slug], queryFn: ({ signal }) => getCompany(slug, signal) })

/**
 * The company whose slug is `slug` (nothing is asked for an empty one). `errorToast` is the screen's:
 * without one a failure says the server's message, `false` says nothing.
 */
export const useCompany = (slug: string, errorToast?: ErrorToast | false) =>
  useQuery({ ...withErrorToast(companyQueryOptions(slug), errorToast), enabled: slug !== '' })
