import { useEffect, useRef, useState } from 'react'
import toast from 'react-hot-toast'
import { useSearchParams } from 'react-router'
import { useJobs } from '@/features/jobs/api/get-jobs'
import { JobCard } from '@/features/jobs/components/job-card'
import { Pagination } from '@/features/jobs/components/pagination'
import { jobSearchParams, parseJobSearch, SEARCH_DEBOUNCE_MS, type JobSearch } from '@/features/jobs/search'
import { JOB_TYPES, type JobType } from '@/features/jobs/types'

const FAILURE = 'Could Not Fetch Jobs'

function resultCount(total: number, capped: boolean) {
  if (total === 0) return 'No jobs found for your search.'
  if (capped) return `More than ${total} jobs found`
  return total === 1 ? '1 job found' : `${total} jobs found`
}

export default function JobsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = parseJobSearch(searchParams)
  const { data, isFetching, isPlaceholderData, isError, refetch } = useJobs(search)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  /** Changes the search in the URL; any change but paging starts again from page 1. */
  const update = (patch: Partial<JobSearch>, replace = false) =>
    setSearchParams((current) => jobSearchParams({ ...parseJobSearch(current), page: 1, ...patch }), { replace })

  // The box holds what is typed; the URL holds what was searched. Back and forward change the URL,
  // and then the box follows it (unless it differs only by spaces still being typed).
  const [text, setText] = useState(search.q)
  const [shownQ, setShownQ] = useState(search.q)
  if (shownQ !== search.q) {
    setShownQ(search.q)
    if (text.trim() !== search.q) setText(search.q)
  }

  useEffect(() => {
    const q = text.trim()
    if (q === search.q) return
    const timer = setTimeout(() => update({ q }, true), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // `update` reads the URL when it runs, so only the typed and the searched text matter here.
  }, [text, search.q])

  useEffect(() => {
    if (isError) toast.error(FAILURE, { id: 'jobs' })
  }, [isError])

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1
  // A shared link may name a page the results no longer reach: go to the last one there is.
  const pastTheEnd = data && !isPlaceholderData && !data.totalCapped && data.total > 0 && search.page > pageCount
  useEffect(() => {
    if (pastTheEnd) update({ page: pageCount }, true)
  }, [pastTheEnd, pageCount])

  // The router applies a URL change in a transition, so a box checked by the URL alone would show
  // its old state for a moment: it shows the choice at once, until the URL catches up.
  const urlTypes = searchParams.getAll('jobType').join()
  const [pendingTypes, setPendingTypes] = useState<JobType[] | null>(null)
  const [settledTypes, setSettledTypes] = useState(urlTypes)
  if (settledTypes !== urlTypes) {
    setSettledTypes(urlTypes)
    setPendingTypes(null)
  }
  const checkedTypes = pendingTypes ?? search.jobTypes

  const toggleType = (type: JobType) => {
    const jobTypes = checkedTypes.includes(type) ? checkedTypes.filter((t) => t !== type) : [...checkedTypes, type]
    setPendingTypes(jobTypes)
    update({ jobTypes })
  }

  const goToPage = (page: number) => {
    update({ page })
    resultsHeading.current?.focus()
  }

  const status = isFetching ? 'Loading jobs...' : data ? resultCount(data.total, data.totalCapped) : isError ? FAILURE : ''

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>Jobs | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Jobs</h1>
      <form
        role="search"
        aria-label="Jobs"
        className="mt-6 flex flex-col gap-4 md:flex-row md:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          if (text.trim() !== search.q) update({ q: text.trim() }, true)
        }}
      >
        <div className="flex-1">
          <label htmlFor="job-search" className="block font-medium text-gray-800">
            Search jobs
          </label>
          <input
            id="job-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Title, company or location"
            autoComplete="off"
            className="mt-1 w-full rounded-md border border-gray-500 px-3 py-2 placeholder:text-gray-600"
          />
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Job type</legend>
          {JOB_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 py-2 text-gray-800">
              <input type="checkbox" checked={checkedTypes.includes(type)} onChange={() => toggleType(type)} className="h-5 w-5" />
              {type}
            </label>
          ))}
        </fieldset>
      </form>

      {/* Paging moves focus here, so the next page is read from its start. */}
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

      {isError && !data && (
        <button
          type="button"
          onClick={() => refetch()}
          className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          Try again
        </button>
      )}

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
        <Pagination page={search.page} pageCount={pageCount} hasMore={data.totalCapped} onChange={goToPage} />
      )}
    </section>
  )
}
