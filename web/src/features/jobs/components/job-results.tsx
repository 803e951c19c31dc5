import { useRef, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { LAST_PAGE, type JobSearch } from '../search'
import type { Job } from '../types'
import { SEARCH_FAILURE, type JobSearchState } from '../use-job-search'
import { JobCard, JobListSkeleton } from './job-card'
import { Pagination } from '@/components/ui/pagination'

const RESULTS_END = 'Results stop at 10000: narrow the search to see more'

function resultCount(total: number, capped: boolean) {
  if (total === 0) return 'No jobs found for your search.'
  if (capped) return `More than ${total} jobs found`
  return total === 1 ? '1 job found' : `${total} jobs found`
}

/** The results of the jobs page: their count (announced), a spelling correction, the cards and the pages. */
export function JobResults({ search, update, results, pageCount, beyondReach, actions }: JobSearchState & { actions?: (job: Job) => ReactNode }) {
  const { data, isPending, isFetching, isPlaceholderData, isError, refetch } = results
  const heading = useRef<HTMLHeadingElement>(null)

  /** Paging and taking the corrected spelling move focus to the results, so they are read from their start. */
  const showResults = (patch: Partial<JobSearch>) => {
    update(patch)
    heading.current?.focus()
  }

  const status = isFetching ? 'Loading jobs...' : data ? resultCount(data.total, data.totalCapped) : isError ? SEARCH_FAILURE : ''
  const corrected = data?.correctedQuery

  return (
    <>
      <h2 id="job-results" ref={heading} tabIndex={-1} className="mt-10 text-xl font-semibold text-ink focus:outline-2 focus:outline-offset-2 focus:outline-primary">
        Results
      </h2>
      <div className="mt-2 flex min-h-8 items-center gap-3">
        {isFetching && (
          <span
            aria-hidden="true"
            className="h-6 w-6 animate-spin rounded-full border-4 border-primary-soft border-t-primary motion-reduce:animate-none"
          />
        )}
        <p role="status" aria-live="polite" className="text-muted">
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
            <Button variant="link" onClick={() => showResults({ q: corrected })}>
              Search for {corrected} instead
            </Button>
          </p>
        )}
      </div>

      {isError && !data && (
        <Button className="mt-4" onClick={() => refetch()}>
          Try again
        </Button>
      )}

      {/* The first page's cards take the placeholders' place, so nothing below them moves. */}
      {isPending && <JobListSkeleton labelledBy="job-results" withActions={actions !== undefined} />}
      {data && data.data.length > 0 && (
        <ul aria-labelledby="job-results" aria-busy={isPlaceholderData} className={`mt-4 grid gap-4 md:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
          {data.data.map((job) => (
            <li key={job._id}>
              <JobCard job={job}>{actions?.(job)}</JobCard>
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
      {beyondReach && search.page >= pageCount && <p className="mt-4 text-muted">{RESULTS_END}</p>}
    </>
  )
}
