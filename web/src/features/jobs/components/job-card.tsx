import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatSalary } from '../format'
import type { Job } from '../types'

/** A job in a list; `children` are its actions (My Jobs puts Edit, Delete and Applications there). */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  return (
    <article className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-semibold text-gray-900">
        <Link to={`/job/${job._id}`} className="hover:underline">
          {job.title}
        </Link>
      </h3>
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
