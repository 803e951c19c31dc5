import { formatZonedDateTime } from '@/lib/time-zone'
import type { Application } from '../types'
import { applicantName } from '../applicant-name'
import { RequirementsBadge } from './requirements-badge'
import { ScreeningAnswers } from './screening-answers'
import { StageBadge } from './status-badge'
import { StatusHistory } from './status-history'

const years = ({ startYear, endYear }: { startYear: number; endYear: number | null }) => `${startYear} - ${endYear ?? 'Present'}`

type Props = {
  application: Application
  /** Shows the stage's badge first (the board's Details; the list shows it beside its decisions). */
  withStage?: boolean
}

/**
 * docs/product.md#job-applications: what the recruiter reads of one application, in the list view and
 * in the board's Details alike: the requirements met, the applicant's e-mail, the history, the
 * private rejection reason, skills, education, statement of purpose, screening answers and resume.
 * Its sub-headings are h3, under the card's or the dialog's h2.
 */
export function ApplicationFacts({ application, withStage = false }: Props) {
  const { userDetails, jobApplicantsDetails: details } = application
  return (
    <>
      <RequirementsBadge requirements={application.requirements} className="mt-2" />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
        {withStage && (
          <>
            <dt className="font-medium">Stage</dt>
            <dd>
              <StageBadge stage={application.stage} label={application.stageLabel} />
            </dd>
          </>
        )}
        {/* A deleted candidate's record keeps no address. */}
        {userDetails.email && (
          <>
            <dt className="font-medium">E-mail</dt>
            <dd className="min-w-0 break-words">
              <a href={`mailto:${userDetails.email}`} className="text-blue-800 underline hover:text-blue-900">
                {userDetails.email}
              </a>
            </dd>
          </>
        )}
        {application.history.length === 0 && (
          <>
            <dt className="font-medium">Applied on</dt>
            <dd>
              <time dateTime={application.dateOfApplication}>{formatZonedDateTime(application.dateOfApplication)}</time>
            </dd>
          </>
        )}
        <StatusHistory history={application.history} />
        {application.rejectionReason && (
          <>
            <dt className="font-medium">Rejection reason (private)</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap">{application.rejectionReason}</dd>
          </>
        )}
        <dt className="font-medium">Skills</dt>
        <dd className="min-w-0 break-words">{details.skills.length > 0 ? details.skills.join(', ') : 'None listed'}</dd>
      </dl>
      <h3 className="mt-4 font-semibold text-gray-900">Education</h3>
      {details.education.length > 0 ? (
        <ul className="mt-1 text-gray-700">
          {details.education.map((entry) => (
            <li key={entry._id}>
              {entry.institutionName} ({years(entry)})
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-gray-700">No education details available.</p>
      )}
      <h3 className="mt-4 font-semibold text-gray-900">Statement of Purpose</h3>
      <p className="mt-1 break-words whitespace-pre-line text-gray-700">{application.sop}</p>
      <ScreeningAnswers answers={application.answers} />
      <p className="mt-4">
        {details.resume ? (
          <a href={details.resume} target="_blank" rel="noopener noreferrer" className="font-semibold text-blue-800 underline hover:text-blue-900">
            Resume of {applicantName(application)}
          </a>
        ) : (
          <span className="text-gray-700">No resume uploaded</span>
        )}
      </p>
    </>
  )
}
