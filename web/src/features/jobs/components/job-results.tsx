import { useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { formatEstimate } from '@/lib/format'
import { filterLabel, LAST_PAGE, type JobSearch } from '../search'
import type { Job } from '../types'
import { SEARCH_FAILURE, type JobSearchState, type ScopedField } from '../use-job-search'
import { JobCard, JobListSkeleton } from './job-card'
import { Pagination } from '@/components/ui/pagination'

const RESULTS_END = 'Results stop at 10000: narrow the search to see more'

/** The count, never a wrong exact figure: past the exact bound the server estimates it (`totalExact` false). */
export function resultCount(total: number, capped: boolean, exact: boolean, none: string) {
  if (total === 0) return none
  if (capped) return `More than ${total} jobs found`
  if (!exact) return `About ${formatEstimate(total)} jobs found`
  return total === 1 ? '1 job found' : `${total} jobs found`
}

/** What the count says when nothing is found: a category's or a company's own page without words or filters says it has no jobs. */
export function nothingFoundMessage(scopedBy: ScopedField, words: string, filters: number) {
  if (scopedBy === null || words || filters > 0) return 'No jobs found for your search.'
  return scopedBy === 'category' ? 'No jobs available for this category.' : 'No jobs available at this company.'
}

type Props = JobSearchState & {
  /** Each card's actions (Save). */
  actions?: (job: Job) => ReactNode
  /** The categories, to name a category filter. */
  categories?: { _id: string; name: string }[]
  /** The name of the company the search is narrowed to, once known, to name the company filter. */
  companyName?: string
}

/**
 * The results of the jobs page: their count (announced), a spelling correction, the cards and the
 * pages; when nothing is found, the way out (the last filter off, or every filter and category).
 */
export function JobResults({ search, update, results, pageCount, beyondReach, filters, removeFilter, scopedBy, actions, categories, companyName }: Props) {
  const { data, isPending, isFetching, isPlaceholderData, isError, refetch } = results
  const heading = useRef<HTMLHeadingElement>(null)

  /** Paging, removing a filter and keeping the words as typed move focus to the results, so they are read from their start. */
  const toResults = () => heading.current?.focus()
  const showResults = (patch: Partial<JobSearch>) => {
    update(patch)
    toResults()
  }

  const none = nothingFoundMessage(scopedBy, search.q, filters.length)
  const status = isFetching ? 'Loading jobs...' : data ? resultCount(data.total, data.totalCapped, data.totalExact ?? !data.totalCapped, none) : isError ? SEARCH_FAILURE : ''
  // Turned down ("Search instead for ..."), the words are searched as typed and nothing is corrected.
  const corrected = search.asTyped ? undefined : data?.correctedQuery

  // With nothing found: the filter turned on last (showing closed jobs too only ever adds), and,
  // with words, the same words over every job.
  const nothingFound = data?.total === 0 && !isPlaceholderData
  const lastFilter = filters.filter((key) => key !== 'closed').at(-1)
  const everywhere = search.q && (scopedBy !== null || filters.length > 0) ? `/jobs?${new URLSearchParams({ q: search.q })}` : undefined

  return (
    <>
      <h2 id="job-results" ref={heading} tabIndex={-1} className="mt-6 text-xl font-semibold text-ink focus:outline-2 focus:outline-offset-2 focus:outline-primary md:mt-10 lg:mt-0">
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
          <p className="mt-2 text-gray-800">
            Showing results for <strong>{corrected}</strong>.{' '}
            <Button
              variant="link"
              onClick={() => showResults({ asTyped: true })}
            >
              Search instead for <em>{search.q}</em>
            </Button>
          </p>
        )}
      </div>

      {nothingFound && (lastFilter || everywhere) && (
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
          {lastFilter && (
            <Button
              variant="secondary"
              onClick={() => {
                removeFilter(lastFilter)
                toResults()
              }}
            >
              Remove filter: {filterLabel(search, lastFilter, { categoryName: categories?.find((category) => category._id === search.category)?.name, companyName })}
            </Button>
          )}
          {everywhere && (
            <Link to={everywhere} className="inline-block py-1 font-medium text-primary-strong underline underline-offset-2 hover:text-blue-900">
              Search all jobs for “{search.q}”
            </Link>
          )}
        </div>
      )}

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
