import { useId, useRef, useState, type RefObject } from 'react'
import { toast } from 'react-hot-toast'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { useAdminJobs, useHideJob, useUnhideJob, type AdminJobSearch } from '../api/admin-jobs'
import { countOf, jobStatus, readPage } from '../format'
import type { AdminJob } from '../types'
import { useFollowing } from '../use-following'
import { Badge } from './badge'
import { ReasonDialog } from './reason-dialog'
import { Results } from './results'
import { SearchForm } from './search-form'

const TONES = { Hidden: 'danger', Closed: 'neutral', Open: 'success' } as const

function JobRow({ job, hiddenOnly, listHeading }: { job: AdminJob; hiddenOnly: boolean; listHeading: RefObject<HTMLHeadingElement | null> }) {
  const headingId = useId()
  const [hiding, setHiding] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const hide = useHideJob()
  const unhide = useUnhideJob()
  const status = jobStatus(job)
  const hidden = job.hiddenAt !== null
  // A hidden job, or a suspended recruiter's, has no public page to open.
  const linked = !hidden && !job.recruiterSuspended

  const unhideJob = async () => {
    try {
      const { message } = await unhide.mutateAsync(job._id)
      toast.success(message)
      // Among hidden jobs only, the job has left the list; elsewhere its button now offers Hide.
      const next = hiddenOnly ? listHeading.current : toggleRef.current
      next?.focus()
    } catch {
      // The mutation's toast says it (lib/query-client).
      toggleRef.current?.focus()
    }
  }

  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-gray-900">
            {linked ? (
              <Link to={`/job/${encodeURIComponent(job._id)}`} className="text-primary-strong underline underline-offset-2 hover:text-blue-900">
                {job.title}
              </Link>
            ) : (
              job.title
            )}
          </h3>
          <Badge tone={TONES[status]}>{status}</Badge>
        </div>
        <p className="text-gray-700">{job.company}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
          <dt className="font-medium">Recruiter</dt>
          <dd className="break-all">
            {job.recruiterEmail}
            {job.recruiterSuspended && ' (suspended)'}
          </dd>
          <dt className="font-medium">Posted</dt>
          <dd>{formatDate(job.dateOfPosting)}</dd>
          <dt className="font-medium">Job ID</dt>
          <dd className="break-all">{job._id}</dd>
        </dl>
        {hidden && (
          <p className="mt-2 rounded-md border border-danger bg-danger-soft p-2 text-sm break-words text-danger-strong">
            Hidden on {formatDate(job.hiddenAt!)}: {job.hiddenReason}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            ref={toggleRef}
            variant={hidden ? 'neutral' : 'danger-outline'}
            size="sm"
            loading={unhide.isPending}
            aria-label={`${hidden ? 'Unhide' : 'Hide'} ${job.title}`}
            onClick={() => (hidden ? void unhideJob() : setHiding(true))}
          >
            {hidden ? 'Unhide' : 'Hide'}
          </Button>
        </div>
        {hiding && (
          <ReasonDialog
            title="Hide this job?"
            text={`"${job.title}" at ${job.company} will leave every public list, search and page. Its recruiter is e-mailed the reason.`}
            confirmLabel="Hide job"
            onClose={() => setHiding(false)}
            onSubmit={async (reason) => {
              const { message } = await hide.mutateAsync({ id: job._id, reason })
              toast.success(message)
              setHiding(false)
            }}
          />
        )}
      </article>
    </li>
  )
}

function searchParams({ q, hidden, page }: AdminJobSearch) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (hidden) params.set('hidden', 'true')
  if (page > 1) params.set('page', String(page))
  return params
}

/** Every job that is not deleted, newest first: find one, and hide it with a reason or show it again. */
export function AdminJobs() {
  const [params, setParams] = useSearchParams()
  const search: AdminJobSearch = { q: params.get('q')?.trim() ?? '', hidden: params.get('hidden') === 'true', page: readPage(params) }
  const results = useAdminJobs(search)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const checkboxId = useId()
  const [hiddenOnly, setHiddenOnly] = useFollowing(search.hidden)

  /** Any change but paging starts again from page 1. */
  const update = (patch: Partial<AdminJobSearch>, replace = false) => setParams(searchParams({ ...search, page: 1, ...patch }), { replace })

  return (
    <>
      <SearchForm
        name="Job search"
        label="Search jobs"
        hint="Part of a title, a company or a recruiter's e-mail, or a job ID"
        value={search.q}
        onSearch={(q) => update({ q })}
        filters={(typed) => (
          <div className="mb-8 flex items-center gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              checked={hiddenOnly}
              onChange={(event) => {
                setHiddenOnly(event.target.checked)
                update({ q: typed, hidden: event.target.checked })
              }}
              className="h-5 w-5 accent-primary"
            />
            <label htmlFor={checkboxId} className="font-medium text-gray-900">
              Hidden only
            </label>
          </div>
        )}
      />
      <Results
        headingRef={headingRef}
        results={results}
        page={search.page}
        onPage={(page, replace) => update({ page }, replace)}
        count={(total) => `${countOf(total, 'job', 'jobs')} found`}
        loading="Loading jobs..."
        empty="No jobs found."
      >
        {results.data?.data.map((job) => (
          <JobRow key={job._id} job={job} hiddenOnly={search.hidden} listHeading={headingRef} />
        ))}
      </Results>
    </>
  )
}
