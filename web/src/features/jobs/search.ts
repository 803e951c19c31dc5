import { JOB_TYPES, type JobType } from './types'

/** What the jobs page asks the server for; the URL's search params hold it, so a search can be shared. */
export type JobSearch = { q: string; jobTypes: JobType[]; page: number }

export const JOBS_PAGE_SIZE = 20

/** Typing waits this long after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300

/** Reads a search from the URL, dropping what the server would refuse (unknown types, bad pages). */
export function parseJobSearch(params: URLSearchParams): JobSearch {
  const jobTypes = JOB_TYPES.filter((type) => params.getAll('jobType').includes(type))
  const page = Number(params.get('page'))
  return { q: (params.get('q') ?? '').trim(), jobTypes, page: Number.isSafeInteger(page) && page > 1 ? page : 1 }
}

/** The URL form of a search: defaults are left out, so /jobs is the unfiltered first page. */
export function jobSearchParams({ q, jobTypes, page }: JobSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  for (const type of jobTypes) params.append('jobType', type)
  if (page > 1) params.set('page', String(page))
  return params
}
