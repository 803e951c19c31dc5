import { Fragment, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { errorMessage, type Schemas } from '@/lib/api-client'
import { APPLICANT_PAGE_SIZE, APPLICANT_RESULTS_CAP, useApplicantSearch, type ApplicantSearch, type FoundApplication } from '../api/search-applicants'
import { applicantName } from '../applicant-name'
import { LAST_APPLICANT_PAGE } from '../search-address'
import type { Application } from '../types'
import { ApplicationDetails } from './application-details'
import { RequirementsBadge } from './requirements-badge'
import { StageBadge } from './status-badge'

type Snippet = Schemas['Snippet']

/** Where a snippet was found, as each result says it. */
export const SNIPPET_SOURCES: Record<Snippet['source'], string> = {
  resume: 'In the resume',
  statement: 'In the statement',
  answers: 'In the answers',
  skills: 'In the skills',
  name: 'In the name',
}

const FAILURE = 'Could not search the applicants'
const RESULTS_END = `Results stop at ${APPLICANT_RESULTS_CAP}: narrow the search to see more`

/** "12 applicants found". */
export function foundCount(total: number) {
  if (total === 0) return 'No applicants found'
  return total === 1 ? '1 applicant found' : `${total} applicants found`
}

/** The words around the first match, the matching ones marked (bold on light yellow: not by colour alone), and where they were found. */
function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-gray-700">{SNIPPET_SOURCES[snippet.source]}</p>
      <p className="mt-1 break-words text-gray-800">
        {snippet.parts.map((part, index) =>
          part.match ? (
            <mark key={index} className="rounded-sm bg-yellow-100 font-semibold text-gray-900">
              {part.text}
            </mark>
          ) : (
            <Fragment key={index}>{part.text}</Fragment>
          ),
        )}
      </p>
    </div>
  )
}

/** One applicant found: the name opens the application (as the board's Details does), then the stage, the job when several are searched, the requirements met and the snippet. */
function FoundApplicant({ application, showJob, onOpen }: { application: FoundApplication; showJob: boolean; onOpen: () => void }) {
  const headingId = useId()
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          <button type="button" aria-haspopup="dialog" onClick={onOpen} className="rounded text-left text-blue-800 underline underline-offset-2 hover:text-blue-900">
            {applicantName(application)}
          </button>
        </h3>
        <p>
          <span className="sr-only">Stage: </span>
          <StageBadge stage={application.stage} label={application.stageLabel} />
        </p>
      </div>
      {showJob && (
        <p className="mt-1 break-words text-gray-700">
          <span className="font-medium">Job:</span> {application.jobDetails.title}
        </p>
      )}
      <RequirementsBadge requirements={application.requirements} className="mt-2" />
      {application.snippet && <SnippetText snippet={application.snippet} />}
    </article>
  )
}

type Props = {
  search: ApplicantSearch
  onPage: (page: number) => void
  /** Each result names its job (a search of every job the caller works). */
  showJob?: boolean
  /** Opens the conversation with an applicant, when the page offers it. */
  onMessages?: (application: Application) => void
}

/**
 * docs/rules.md#applicant-search: the applicants a search found, best first, a page at a time; how
 * many is announced, and a refusal (a 503 while the index is being built) is said in place.
 */
export function ApplicantResults({ search, onPage, showJob = false, onMessages }: Props) {
  const { data, isFetching, isPlaceholderData, isError, error, refetch } = useApplicantSearch(search)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [detailsId, setDetailsId] = useState<string | null>(null)

  // Only a search whose results are not shown yet says it is searching: a refetch keeps the count.
  const searching = isFetching && (isPlaceholderData || !data)
  const status = searching ? 'Searching applicants...' : isError ? errorMessage(error, FAILURE) : data ? foundCount(data.total) : ''
  const found = !isError && data ? data : undefined
  const pageCount = found ? Math.min(Math.ceil(found.total / APPLICANT_PAGE_SIZE), LAST_APPLICANT_PAGE) : 0
  const details = found?.applications.find((application) => application._id === detailsId)

  const showPage = (page: number) => {
    onPage(page)
    // The new page is read from its start.
    heading.current?.focus()
  }

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-2 focus:outline-offset-2 focus:outline-primary">
        Search results
      </h2>
      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-gray-800">
        {status}
      </p>
      {isError && !searching && (
        <Button variant="secondary" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      )}
      {found && found.applications.length > 0 && (
        <ol aria-labelledby={headingId} aria-busy={isPlaceholderData || undefined} className="mt-4 flex flex-col gap-3">
          {found.applications.map((application) => (
            <li key={application._id}>
              <FoundApplicant application={application} showJob={showJob} onOpen={() => setDetailsId(application._id)} />
            </li>
          ))}
        </ol>
      )}
      {found && found.total > APPLICANT_RESULTS_CAP && search.page >= LAST_APPLICANT_PAGE && <p className="mt-4 text-gray-800">{RESULTS_END}</p>}
      {pageCount > 1 && <Pagination page={search.page} pageCount={pageCount} onChange={showPage} />}
      {details && (
        <ApplicationDetails
          jobId={details.jobId}
          application={details}
          onClose={() => setDetailsId(null)}
          onMessages={
            onMessages &&
            (() => {
              // The conversation takes the details' place (one dialog at a time).
              setDetailsId(null)
              onMessages(details)
            })
          }
        />
      )}
    </section>
  )
}
