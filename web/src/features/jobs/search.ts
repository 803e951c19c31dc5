import type { operations } from '@/lib/api-types'
import { formatSalary } from '@/lib/format'
import { JOB_TYPES, WORK_MODES, type JobType, type WorkMode } from './types'

export type SortOrder = 'relevance' | 'newest'

/** What the jobs page asks the server for; the URL's search params hold it, so a search can be shared. */
export type JobSearch = {
  q: string
  jobTypes: JobType[]
  workModes: WorkMode[]
  /** A category `_id`; empty for every category. */
  category: string
  /** A company's `slug`: only its jobs; empty for every company. */
  company: string
  /** Words that must all be in the job's location. */
  location: string
  /** Whole rupees per month; null for no minimum. */
  salaryMin: number | null
  /** Days since posting; null for any time. */
  postedWithin: number | null
  /** Only `newest` changes anything, and only with words: without them the server lists newest first. */
  sort: SortOrder
  /** Jobs past their deadline or without places left are shown only when asked for. */
  showClosed: boolean
  /** The words exactly as typed, with no spelling correction ("Search instead for ..."); only with words. */
  asTyped: boolean
  page: number
}

export const JOBS_PAGE_SIZE = 20

/** The server serves pages only within its first 10,000 results. */
export const RESULTS_LIMIT = 10_000
export const LAST_PAGE = RESULTS_LIMIT / JOBS_PAGE_SIZE

/** The choices of "Posted within", in days. */
export const POSTED_WITHIN = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
] as const

/** Typing waits this long after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300

/** A whole number of rupees as typed or linked (`''` is no minimum), or undefined when it is not one. */
export function parseSalary(text: string | null): number | null | undefined {
  const trimmed = (text ?? '').trim()
  if (trimmed === '') return null
  const salary = Number(trimmed)
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(salary)) return undefined
  // No minimum and a minimum of nothing are the same search, and the URL keeps one form of it.
  return salary > 0 ? salary : null
}

/** Reads a search from the URL, dropping what the server would refuse (unknown types, bad numbers, pages past its last). */
export function parseJobSearch(params: URLSearchParams): JobSearch {
  const q = (params.get('q') ?? '').trim()
  const jobTypes = JOB_TYPES.filter((type) => params.getAll('jobType').includes(type))
  const workModes = WORK_MODES.filter((mode) => params.getAll('workMode').includes(mode))
  const postedWithin = POSTED_WITHIN.find(({ days }) => String(days) === params.get('postedWithin'))?.days ?? null
  const page = Number(params.get('page'))
  return {
    q,
    jobTypes,
    workModes,
    category: (params.get('category') ?? '').trim(),
    company: (params.get('company') ?? '').trim(),
    location: (params.get('location') ?? '').trim(),
    salaryMin: parseSalary(params.get('salaryMin')) ?? null,
    postedWithin,
    sort: q && params.get('sort') === 'newest' ? 'newest' : 'relevance',
    showClosed: params.get('closed') === '1',
    asTyped: q !== '' && params.get('asTyped') === '1',
    page: Number.isSafeInteger(page) && page > 1 ? Math.min(page, LAST_PAGE) : 1,
  }
}

/** The filters as the URL and the server both name them, defaults left out. */
function filterParams({ q, jobTypes, workModes, category, company, location, salaryMin, postedWithin, sort }: JobSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  for (const type of jobTypes) params.append('jobType', type)
  for (const mode of workModes) params.append('workMode', mode)
  if (category) params.set('category', category)
  if (company) params.set('company', company)
  if (location) params.set('location', location)
  if (salaryMin !== null) params.set('salaryMin', String(salaryMin))
  if (postedWithin !== null) params.set('postedWithin', String(postedWithin))
  if (q && sort !== 'relevance') params.set('sort', sort)
  return params
}

/** The URL form of a search: defaults are left out, so /jobs is the open jobs' first page. */
export function jobSearchParams(search: JobSearch): URLSearchParams {
  const params = filterParams(search)
  if (search.showClosed) params.set('closed', '1')
  if (search.q && search.asTyped) params.set('asTyped', '1')
  if (search.page > 1) params.set('page', String(search.page))
  return params
}

/** The query of `/jobs/alljobs`, as the OpenAPI document names it. */
export type JobsQuery = NonNullable<operations['all_jobs']['parameters']['query']>

/** The query of `/jobs/alljobs` for a search (defaults left out): open jobs only unless closed ones are asked for. */
export function jobsRequestQuery({ q, jobTypes, workModes, category, company, location, salaryMin, postedWithin, sort, showClosed, asTyped, page }: JobSearch): JobsQuery {
  return {
    ...(q && { q }),
    ...(jobTypes.length > 0 && { jobType: jobTypes }),
    ...(workModes.length > 0 && { workMode: workModes }),
    ...(category && { category }),
    ...(company && { company }),
    ...(location && { location }),
    ...(salaryMin !== null && { salaryMin }),
    ...(postedWithin !== null && { postedWithin }),
    ...(q && sort !== 'relevance' && { sort }),
    ...(!showClosed && { openOnly: true }),
    ...(q && asTyped && { asTyped: true }),
    page,
    limit: JOBS_PAGE_SIZE,
  }
}

/** A search as a saved search keeps it: its filters as the URL names them, without paging. */
export const savedSearchQuery = (search: JobSearch) => filterParams(search).toString()

/** One filter a search can have: each checked job type and work mode is one of its own. */
export type FilterKey = 'company' | 'category' | 'location' | 'salaryMin' | 'postedWithin' | 'closed' | `jobType:${JobType}` | `workMode:${WorkMode}`

/** The filters a search has, in the order the filters are shown; the words and the order of the results are not filters. */
export function activeFilters({ company, category, location, salaryMin, postedWithin, jobTypes, workModes, showClosed }: JobSearch): FilterKey[] {
  return [
    ...(company ? (['company'] as const) : []),
    ...(category ? (['category'] as const) : []),
    ...(location ? (['location'] as const) : []),
    ...(salaryMin !== null ? (['salaryMin'] as const) : []),
    ...(postedWithin !== null ? (['postedWithin'] as const) : []),
    ...jobTypes.map((type) => `jobType:${type}` as const),
    ...workModes.map((mode) => `workMode:${mode}` as const),
    ...(showClosed ? (['closed'] as const) : []),
  ]
}

/** Every filter off; the words and the order stay. */
export const NO_FILTERS = {
  company: '',
  category: '',
  location: '',
  salaryMin: null,
  postedWithin: null,
  jobTypes: [],
  workModes: [],
  showClosed: false,
} satisfies Partial<JobSearch>

/** The field of a search each filter but the checkboxes sets. */
const FILTER_FIELDS = { company: 'company', category: 'category', location: 'location', salaryMin: 'salaryMin', postedWithin: 'postedWithin', closed: 'showClosed' } as const

/** The change to `search` that turns the filter `key` off. */
export function withoutFilter(search: JobSearch, key: FilterKey): Partial<JobSearch> {
  if (key.startsWith('jobType:')) return { jobTypes: search.jobTypes.filter((type) => `jobType:${type}` !== key) }
  if (key.startsWith('workMode:')) return { workModes: search.workModes.filter((mode) => `workMode:${mode}` !== key) }
  const field = FILTER_FIELDS[key as keyof typeof FILTER_FIELDS]
  return { [field]: NO_FILTERS[field] }
}

/** The names of the category and the company a search has, as far as they are known. */
export type FilterNames = { categoryName?: string; companyName?: string }

/**
 * A filter as a person names it: "Internship", "Pune", "Last 7 days", "At least ₹50,000 per month",
 * the category's name, "Company: " and the company's name (its slug while the name is not known).
 */
export function filterLabel(search: JobSearch, key: FilterKey, { categoryName, companyName }: FilterNames = {}): string {
  if (key.startsWith('jobType:') || key.startsWith('workMode:')) return key.slice(key.indexOf(':') + 1)
  switch (key) {
    case 'company':
      return `Company: ${companyName || search.company}`
    case 'category':
      return categoryName ?? 'Category'
    case 'location':
      return search.location
    case 'salaryMin':
      return `At least ${formatSalary(search.salaryMin ?? 0)}`
    case 'postedWithin':
      return POSTED_WITHIN.find(({ days }) => days === search.postedWithin)?.label ?? 'Posted within'
    default:
      return 'Show closed jobs'
  }
}

/** A name a saved search could go by: its words and filters, or "All jobs". */
export function describeSearch({ q, location, jobTypes, workModes }: JobSearch) {
  return [q, location, ...jobTypes, ...workModes].filter(Boolean).join(', ') || 'All jobs'
}
