import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useJobs } from './api/get-jobs'
import { activeFilters, jobSearchParams, LAST_PAGE, NO_FILTERS, parseJobSearch, RESULTS_LIMIT, withoutFilter, type FilterKey, type JobSearch } from './search'

export const SEARCH_FAILURE = 'Could Not Fetch Jobs'
const SEARCH_TOAST = { id: 'jobs', message: () => SEARCH_FAILURE }

/**
 * A search under a page's own address, which names one of its fields: the URL's query leaves that
 * field out, and every request has it.
 *
 * - A category's page (`/category/engineering`): choosing another category goes to its address
 *   (or, for every category, to /jobs).
 * - A company's page (`/company/acme`): its company stays; the category is a filter as on /jobs.
 */
export type SearchScope =
  | {
      field: 'category'
      /** The category's `_id`. */
      value: string
      /** The address of a search of `category` (an empty one: every category). */
      pathFor: (category: string) => string
    }
  | {
      field: 'company'
      /** The company's `slug`. */
      value: string
    }

/** The field a page's address names: 'category', 'company', or null on /jobs. */
export type ScopedField = SearchScope['field'] | null

/** The filters in the order they were turned on: those of a shared link first, in the order they are shown. */
function useFiltersInOrder(active: FilterKey[]) {
  const [order, setOrder] = useState(active)
  const next = [...order.filter((key) => active.includes(key)), ...active.filter((key) => !order.includes(key))]
  if (next.join() !== order.join()) setOrder(next)
  return next
}

/**
 * The job search the URL holds, its results, and the way to change it. Every filter lives in the URL,
 * so a search can be shared, bookmarked and walked with back and forward.
 */
export function useJobSearch(scope?: SearchScope) {
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  /** `search` with the scoped field set to `value` (nothing changed without a scope). */
  const withScoped = (search: JobSearch, value: string): JobSearch => (scope ? { ...search, [scope.field]: value } : search)
  const read = (params: URLSearchParams) => withScoped(parseJobSearch(params), scope?.value ?? '')
  const search = read(searchParams)
  const results = useJobs(search, SEARCH_TOAST)
  const { data, isPlaceholderData } = results

  // The URL as last asked for. The router shows a change in a transition, and a typed filter applies
  // itself after a pause: a change made before the last one is on screen must build on it.
  const latest = useRef(searchParams)
  useLayoutEffect(() => {
    latest.current = searchParams
  }, [searchParams])

  /** Changes the search in the URL; any change but paging starts again from page 1. */
  const update = (patch: Partial<JobSearch>, replace = false) => {
    const current = read(latest.current)
    // New words are corrected again: turning a correction down holds for the words it was for.
    const asTyped = patch.q === undefined || patch.q === current.q ? current.asTyped : false
    const wanted = { ...current, page: 1, asTyped, ...patch }
    const next = jobSearchParams(withScoped(wanted, ''))
    latest.current = next
    if (scope?.field === 'category' && wanted.category !== scope.value) {
      navigate({ pathname: scope.pathFor(wanted.category), search: next.toString() })
    } else {
      setSearchParams(next, { replace })
    }
  }

  // On a category's or a company's own page, the field its address names is where the search is, not a filter of it.
  const filters = useFiltersInOrder(activeFilters(search).filter((key) => key !== scope?.field))
  /** Turns every filter off, keeping the words (and the field the page's address names). */
  const clearFilters = () => update(scope ? { ...NO_FILTERS, [scope.field]: scope.value } : NO_FILTERS)
  const removeFilter = (key: FilterKey) => update(withoutFilter(search, key))

  // The server serves no page past its first 10,000 results, however many match.
  const pageCount = data ? Math.min(Math.max(1, Math.ceil(data.total / data.limit)), LAST_PAGE) : 1
  const beyondReach = !!data && (data.total > RESULTS_LIMIT || (data.totalCapped && pageCount === LAST_PAGE))
  // A shared link may name a page the results no longer reach: go to the last one there is.
  const pastTheEnd = data && !isPlaceholderData && !data.totalCapped && data.total > 0 && search.page > pageCount
  const goToLastPage = useEffectEvent(() => update({ page: pageCount }, true))
  useEffect(() => {
    if (pastTheEnd) goToLastPage()
  }, [pastTheEnd, pageCount])

  const scopedBy: ScopedField = scope?.field ?? null
  /** The search as the page's address holds it: without the field its path names. */
  const addressed = withScoped(search, '')
  return { search, addressed, update, results, pageCount, beyondReach, filters, clearFilters, removeFilter, scopedBy }
}

export type JobSearchState = ReturnType<typeof useJobSearch>
