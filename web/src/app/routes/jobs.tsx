import { useEffect, useLayoutEffect, useRef } from 'react'
import toast from 'react-hot-toast'
import { useSearchParams } from 'react-router'
import { useCategories } from '@/features/categories/api/get-categories'
import { useJobs } from '@/features/jobs/api/get-jobs'
import { JobCard, JobListSkeleton } from '@/features/jobs/components/job-card'
import { JobSearchForm } from '@/features/jobs/components/job-search-form'
import { Pagination } from '@/features/jobs/components/pagination'
import { jobSearchParams, LAST_PAGE, parseJobSearch, RESULTS_LIMIT, type JobSearch } from '@/features/jobs/search'

const FAILURE = 'Could Not Fetch Jobs'
const RESULTS_END = 'Results stop at 10000: narrow the search to see more'

function resultCount(total: number, capped: boolean) {
  if (total === 0) return 'No jobs found for your search.'
  if (capped) return `More than ${total} jobs found`
  return total === 1 ? '1 job found' : `${total} jobs found`
}

export default function JobsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = parseJobSearch(searchParams)
  const { data, isPending, isFetching, isPlaceholderData, isError, refetch } = useJobs(search)
  const categories = useCategories()
  const resultsHeading = useRef<HTMLHeadingElement>(null)

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

  useEffect(() => {
    if (isError) toast.error(FAILURE, { id: 'jobs' })
  }, [isError])

  // The server serves no page past its first 10,000 results, however many match.
  const pageCount = data ? Math.min(Math.max(1, Math.ceil(data.total / data.limit)), LAST_PAGE) : 1
  const beyondReach = !!data && (data.total > RESULTS_LIMIT || (data.totalCapped && pageCount === LAST_PAGE))
  // A shared link may name a page the results no longer reach: go to the last one there is.
  const pastTheEnd = data && !isPlaceholderData && !data.totalCapped && data.total > 0 && search.page > pageCount
  useEffect(() => {
    if (pastTheEnd) update({ page: pageCount }, true)
  }, [pastTheEnd, pageCount])

  /** Paging and taking the corrected spelling move focus to the results, so they are read from their start. */
  const showResults = (patch: Partial<JobSearch>) => {
    update(patch)
    resultsHeading.current?.focus()
  }

  const status = isFetching ? 'Loading jobs...' : data ? resultCount(data.total, data.totalCapped) : isError ? FAILURE : ''
  const corrected = data?.correctedQuery

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>Jobs | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Jobs</h1>
      <JobSearchForm
        search={search}
        onSearch={update}
        categories={categories.data}
        categoriesLoading={categories.isPending}
        facets={data?.facets ?? undefined}
      />

      <h2 id="job-results" ref={resultsHeading} tabIndex={-1} className="mt-10 text-xl font-semibold text-gray-900 focus:outline-2 focus:outline-offset-2 focus:outline-blue-700">
        Results
      </h2>
      <div className="mt-2 flex min-h-8 items-center gap-3">
        {isFetching && (
          <span
            aria-hidden="true"
            className="h-6 w-6 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700 motion-reduce:animate-none"
          />
        )}
        <p role="status" aria-live="polite" className="text-gray-700">
          {status}
        </p>
      </div>
      {/* Present before any correction arrives, so the correction is announced. */}
      <div aria-live="polite">
        {corrected && (
          <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-gray-800">
            <span>
              Showing results for <strong>{corrected}</strong>
            </span>
            <button type="button" onClick={() => showResults({ q: corrected })} className="font-medium text-blue-800 underline hover:text-blue-900">
              Search for {corrected} instead
            </button>
          </p>
        )}
      </div>

      {isError && !data && (
        <button
          type="button"
          onClick={() => refetch()}
          className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          Try again
        </button>
      )}

      {/* The first page's cards take the placeholders' place, so nothing below them moves. */}
      {isPending && <JobListSkeleton labelledBy="job-results" />}
      {data && data.data.length > 0 && (
        <ul aria-labelledby="job-results" aria-busy={isPlaceholderData} className={`mt-4 grid gap-4 md:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
          {data.data.map((job) => (
            <li key={job._id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}

      {data && (pageCount > 1 || data.totalCapped) && (
        <Pagination
          page={search.page}
          pageCount={pageCount}
          hasMore={data.totalCapped && search.page < LAST_PAGE}
          onChange={(page) => showResults({ page })}
        />
      )}
      {beyondReach && search.page >= pageCount && <p className="mt-4 text-gray-700">{RESULTS_END}</p>}
    </section>
  )
}
