import { Link } from 'react-router'
import { formatDate, formatSalary } from '@/lib/format'
import type { Application } from '../types'
import { StatusBadge } from './status-badge'

type Props = {
  application: Application
  /** Where the card leads: the job for an applicant, its applications for a recruiter. */
  to: string
  /** Recruiters see who applied. */
  showApplicant?: boolean
}

export const JOB_REMOVED = 'This job was removed by the recruiter'

/**
 * The whole card is one link (its title's, stretched over it), so a click anywhere opens `to`; a
 * job the recruiter deleted has no page any more, so its card says so and links nowhere.
 */
export function ApplicationCard({ application, to, showApplicant = false }: Props) {
  const { jobDetails, recruitersDetails, userDetails } = application
  const removed = application.jobRemoved === true && !showApplicant
  return (
    <article
      className={`relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${removed ? '' : 'focus-within:ring-2 focus-within:ring-blue-700 hover:border-blue-700'}`}
    >
      <h2 className="text-lg font-semibold text-gray-900">
        {removed ? (
          jobDetails.title
        ) : (
          <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
            {jobDetails.title}
          </Link>
        )}
      </h2>
      <p className="text-gray-700">{recruitersDetails.company || jobDetails.company}</p>
      {removed && <p className="mt-1 text-sm font-medium text-red-800">{JOB_REMOVED}</p>}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-700">
        {showApplicant && (
          <>
            <dt className="font-medium">Applicant</dt>
            <dd>{`${userDetails.firstName} ${userDetails.lastName}`}</dd>
            <dt className="font-medium">E-mail</dt>
            <dd className="min-w-0 break-words">
              {/* Above the card's stretched link, so it can be clicked on its own. */}
              <a href={`mailto:${userDetails.email}`} className="relative z-10 text-blue-800 underline hover:text-blue-900">
                {userDetails.email}
              </a>
            </dd>
            {application.jobApplicantsDetails.skills.length > 0 && (
              <>
                <dt className="font-medium">Skills</dt>
                <dd>{application.jobApplicantsDetails.skills.join(', ')}</dd>
              </>
            )}
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
