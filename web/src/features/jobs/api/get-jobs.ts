import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import { jobsRequestQuery, type JobSearch } from '../search'
import type { JobsPage } from '../types'

export async function getJobs(search: JobSearch, signal?: AbortSignal): Promise<JobsPage> {
  const { data, total, totalCapped, totalExact, page, limit, correctedQuery, facets } = await payload(
    api.GET('/jobs/alljobs', { params: { query: jobsRequestQuery(search) }, signal }),
  )
  return { data, total, totalCapped, totalExact, page, limit, correctedQuery: correctedQuery || undefined, facets }
}

export const jobsQueryOptions = (search: JobSearch) =>
  queryOptions({
    queryKey: ['jobs', 'search', search],
    queryFn: ({ signal }) => getJobs(search, signal),
    // The previous page stays on screen, marked busy, while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useJobs = (search: JobSearch, errorToast?: ErrorToast) => useQuery(withErrorToast(jobsQueryOptions(search), errorToast))
