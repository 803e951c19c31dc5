import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatSalary } from '@/lib/format'
import { applyBy, isClosed, postedAgo } from '../format'
import { splitTitle } from '../highlight'
import type { Job } from '../types'

/** The title with the words a search matched in `<mark>`: dark text on light yellow keeps AA contrast. */
function Title({ title, matches }: { title: string; matches?: Job['titleMatches'] }) {
  if (!matches?.length) return title
  return splitTitle(title, matches).map(({ text, marked }, i) =>
    marked ? (
      <mark key={i} className="rounded-sm bg-yellow-100 text-gray-900">
        {text}
      </mark>
    ) : (
      text
    ),
  )
}

const cardClass = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm'

/** A job in a list; `children` are its actions (My Jobs puts Edit, Delete and Applications there). */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  return (
    <article className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 text-lg font-semibold break-words text-gray-900">
          <Link to={`/job/${job._id}`} className="hover:underline">
            <Title title={job.title} matches={job.titleMatches} />
          </Link>
        </h3>
        {isClosed(job) && (
          <span className="rounded-full border border-gray-400 bg-gray-100 px-2 py-0.5 text-sm font-medium text-gray-800">Closed</span>
        )}
      </div>
      <p className="text-gray-700">{job.company}</p>
      {job.hiddenReason != null && (
        <p className="mt-2 rounded-md border border-danger bg-danger-soft p-2 text-sm font-medium break-words text-danger-strong">
          Hidden by an admin: {job.hiddenReason}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
        <dt className="font-medium">Location</dt>
        <dd>{job.location}</dd>
        <dt className="font-medium">Type</dt>
        <dd>{job.jobType}</dd>
        <dt className="font-medium">Work mode</dt>
        <dd>{job.workMode}</dd>
        <dt className="font-medium">Salary</dt>
        <dd>{formatSalary(job.salary, job.salaryMax)}</dd>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-gray-700">
        <span>{postedAgo(job.dateOfPosting)}</span>
        <span>{applyBy(job.deadline)}</span>
      </p>
      {children}
    </article>
  )
}

/** A grey bar centred in a line box of the card's own text, so the placeholder is as tall as the text it stands for. */
function Bar({ line, width }: { line: string; width: string }) {
  return (
    <div className={`flex items-center ${line}`}>
      <div className={`h-3/5 rounded bg-gray-200 ${width}`} />
    </div>
  )
}

/**
 * A card's shape while the jobs load: the lines of a one-line-title card (and its row of actions,
 * when the cards will have one), so the real cards take its place without moving the page.
 */
export function JobCardSkeleton({ withActions = false }: { withActions?: boolean }) {
  return (
    <div aria-hidden="true" className={`${cardClass} animate-pulse motion-reduce:animate-none`}>
      <Bar line="h-7" width="w-2/3" />
      <Bar line="h-6" width="w-1/3" />
      <div className="mt-2">
        <Bar line="h-5" width="w-1/2" />
        <Bar line="h-5" width="w-2/5" />
        <Bar line="h-5" width="w-1/3" />
        <Bar line="h-5" width="w-1/2" />
      </div>
      <div className="mt-2">
        <Bar line="h-5" width="w-3/4" />
      </div>
      {withActions && (
        <div className="mt-3">
          <Bar line="h-8" width="w-20" />
        </div>
      )}
    </div>
  )
}

/** Placeholders enough to fill a screen: more would only lengthen the page the results then shorten. */
export const SKELETON_CARDS = 6

/** The list of a page of jobs while it loads: busy, with placeholder cards that assistive technology skips. */
export function JobListSkeleton({ labelledBy, count = SKELETON_CARDS, withActions = false }: { labelledBy: string; count?: number; withActions?: boolean }) {
  return (
    <ul aria-labelledby={labelledBy} aria-busy="true" className="mt-4 grid gap-4 md:grid-cols-2">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <JobCardSkeleton withActions={withActions} />
        </li>
      ))}
    </ul>
  )
}
