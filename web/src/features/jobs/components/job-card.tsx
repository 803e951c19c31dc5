import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatSalary, isPastDeadline } from '../format'
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

/** A job in a list; `children` are its actions (My Jobs puts Edit, Delete and Applications there). */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  return (
    <article className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 text-lg font-semibold break-words text-gray-900">
          <Link to={`/job/${job._id}`} className="hover:underline">
            <Title title={job.title} matches={job.titleMatches} />
          </Link>
        </h3>
        {isPastDeadline(job.deadline) && (
          <span className="rounded-full border border-gray-400 bg-gray-100 px-2 py-0.5 text-sm font-medium text-gray-800">Closed</span>
        )}
      </div>
      <p className="text-gray-700">{job.company}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
        <dt className="font-medium">Location</dt>
        <dd>{job.location}</dd>
        <dt className="font-medium">Type</dt>
        <dd>{job.jobType}</dd>
        <dt className="font-medium">Salary</dt>
        <dd>{formatSalary(job.salary)}</dd>
      </dl>
      {children}
    </article>
  )
}
