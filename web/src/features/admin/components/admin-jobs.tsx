import { useId, useRef, type RefObject } from 'react'
import { Link } from 'react-router'
import { formatDate } from '@/lib/format'
import { useAdminJobs, useHideJob, useUnhideJob, type AdminJobSearch } from '../api/admin-jobs'
import { jobStatus } from '../format'
import type { AdminJob } from '../types'
import { useFollowing } from '../use-following'
import { Badge } from './badge'
import { ModeratedCard, ModerationToggle } from './moderated-card'
import { Results } from './results'
import { SearchForm } from './search-form'
import { usePagedSearch } from './use-paged-search'

const TONES = { Hidden: 'danger', Closed: 'neutral', Open: 'success' } as const

function JobRow({ job, hiddenOnly, listHeading }: { job: AdminJob; hiddenOnly: boolean; listHeading: RefObject<HTMLHeadingElement | null> }) {
  const hide = useHideJob()
  const unhide = useUnhideJob()
  const status = jobStatus(job)
  const hidden = job.hiddenAt !== null
  // A hidden job, or a suspended recruiter's, has no public page to open.
  const linked = !hidden && !job.recruiterSuspended

  return (
    <ModeratedCard
      title={
        linked ? (
          <Link to={`/job/${encodeURIComponent(job._id)}`} className="text-primary-strong underline underline-offset-2 hover:text-blue-900">
            {job.title}
          </Link>
        ) : (
          job.title
        )
      }
      badge={<Badge tone={TONES[status]}>{status}</Badge>}
      subtitle={job.company}
      facts={[
        {
          term: 'Recruiter',
          description: (
            <>
              {job.recruiterEmail}
              {job.recruiterSuspended && ' (suspended)'}
            </>
          ),
          breakAll: true,
        },
        { term: 'Posted', description: formatDate(job.dateOfPosting) },
        { term: 'Job ID', description: job._id, breakAll: true },
      ]}
      notice={
        hidden && (
          <>
            Hidden on {formatDate(job.hiddenAt!)}: {job.hiddenReason}
          </>
        )
      }
    >
      <ModerationToggle
        restricted={hidden}
        labels={{ restrict: 'Hide', lift: 'Unhide' }}
        subject={job.title}
        lifting={unhide.isPending}
        onLift={() => unhide.mutateAsync(job._id)}
        // Among hidden jobs only, the job leaves the list once shown again.
        liftedFocus={hiddenOnly ? listHeading : undefined}
        dialog={{
          title: 'Hide this job?',
          text: `"${job.title}" at ${job.company} will leave every public list, search and page. Its recruiter is e-mailed the reason.`,
          confirmLabel: 'Hide job',
        }}
        onRestrict={(reason) => hide.mutateAsync({ id: job._id, reason })}
      />
    </ModeratedCard>
  )
}

type JobFilters = Omit<AdminJobSearch, 'page'>

const readSearch = (params: URLSearchParams): JobFilters => ({ q: params.get('q')?.trim() ?? '', hidden: params.get('hidden') === 'true' })

function searchParams({ q, hidden }: JobFilters) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (hidden) params.set('hidden', 'true')
  return params
}

/** Every job that is not deleted, newest first: find one, and hide it with a reason or show it again. */
export function AdminJobs() {
  const { search, update, onPage } = usePagedSearch(readSearch, searchParams)
  const results = useAdminJobs(search)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const checkboxId = useId()
  const [hiddenOnly, setHiddenOnly] = useFollowing(search.hidden)

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
      <Results headingRef={headingRef} results={results} page={search.page} onPage={onPage} noun={{ one: 'job', many: 'jobs' }}>
        {results.data?.data.map((job) => (
          <JobRow key={job._id} job={job} hiddenOnly={search.hidden} listHeading={headingRef} />
        ))}
      </Results>
    </>
  )
}
