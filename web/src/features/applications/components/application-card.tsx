import { Link } from 'react-router'
import { formatDate, formatSalary } from '@/features/jobs/format'
import type { Application } from '../types'
import { StatusBadge } from './status-badge'

type Props = {
  application: Application
  /** Where the card leads: the job for an applicant, its applications for a recruiter. */
  to: string
  /** Recruiters see who applied. */
  showApplicant?: boolean
}

/** The whole card is one link (its title's, stretched over it), so a click anywhere opens `to`. */
export function ApplicationCard({ application, to, showApplicant = false }: Props) {
  const { jobDetails, recruitersDetails, userDetails } = application
  return (
    <article className="relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-blue-700 hover:border-blue-700">
      <h2 className="text-lg font-semibold text-gray-900">
        <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
          {jobDetails.title}
        </Link>
      </h2>
      <p className="text-gray-700">{recruitersDetails.company || jobDetails.company}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-700">
        {showApplicant && (
          <>
            <dt className="font-medium">Applicant</dt>
            <dd>{`${userDetails.firstName} ${userDetails.lastName}`}</dd>
          </>
        )}
        <dt className="font-medium">Salary</dt>
        <dd>{formatSalary(jobDetails.salary)}</dd>
        <dt className="font-medium">Applied on</dt>
        <dd>{formatDate(application.dateOfApplication)}</dd>
        <dt className="font-medium">Status</dt>
        <dd>
          <StatusBadge status={application.status} />
        </dd>
      </dl>
    </article>
  )
}
