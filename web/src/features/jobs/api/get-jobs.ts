import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { JOBS_PAGE_SIZE, jobsRequestParams, type JobSearch } from '../search'
import type { JobsPage } from '../types'

export async function getJobs(search: JobSearch, signal?: AbortSignal): Promise<JobsPage> {
  const { data, total, totalCapped, page, limit, correctedQuery, facets } = await api<JobsPage>(
    `/jobs/alljobs?${jobsRequestParams(search)}`,
    { signal },
  )
  return {
    data: data ?? [],
    total: total ?? 0,
    totalCapped: totalCapped === true,
    page,
    limit: limit || JOBS_PAGE_SIZE,
    correctedQuery: correctedQuery || undefined,
    facets: facets ? { categories: facets.categories ?? {}, jobTypes: facets.jobTypes ?? {} } : undefined,
  }
}

export const jobsQueryOptions = (search: JobSearch) =>
  queryOptions({
    queryKey: ['jobs', 'search', search],
    queryFn: ({ signal }) => getJobs(search, signal),
    // The previous page stays on screen, marked busy, while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useJobs = (search: JobSearch) => useQuery(jobsQueryOptions(search))
