import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useJobs } from './api/get-jobs'
import { jobSearchParams, LAST_PAGE, parseJobSearch, RESULTS_LIMIT, type JobSearch } from './search'

export const SEARCH_FAILURE = 'Could Not Fetch Jobs'
const SEARCH_TOAST = { id: 'jobs', message: () => SEARCH_FAILURE }

/**
 * The job search the URL holds, its results, and the way to change it. Every filter lives in the URL,
 * so a search can be shared, bookmarked and walked with back and forward.
 */
export function useJobSearch() {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = parseJobSearch(searchParams)
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
    const next = jobSearchParams({ ...parseJobSearch(latest.current), page: 1, ...patch })
    latest.current = next
    setSearchParams(next, { replace })
  }

  // The server serves no page past its first 10,000 results, however many match.
  const pageCount = data ? Math.min(Math.max(1, Math.ceil(data.total / data.limit)), LAST_PAGE) : 1
  const beyondReach = !!data && (data.total > RESULTS_LIMIT || (data.totalCapped && pageCount === LAST_PAGE))
  // A shared link may name a page the results no longer reach: go to the last one there is.
  const pastTheEnd = data && !isPlaceholderData && !data.totalCapped && data.total > 0 && search.page > pageCount
  const goToLastPage = useEffectEvent(() => update({ page: pageCount }, true))
  useEffect(() => {
    if (pastTheEnd) goToLastPage()
  }, [pastTheEnd, pageCount])

  return { search, update, results, pageCount, beyondReach }
}

export type JobSearchState = ReturnType<typeof useJobSearch>
