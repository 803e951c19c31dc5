import { useEffect, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { formatSalary } from '@/lib/format'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useWithdrawApplication } from '../api/application-mutations'
import { applicationInterviewsPath } from '../interviews-path'
import type { Application } from '../types'
import { canWithdraw as withdrawable } from '../stages'
import { StageBadge } from './status-badge'
import { StatusHistory } from './status-history'

type Props = {
  application: Application
  /** Where the card leads: the job for an applicant, its applications for a recruiter. */
  to: string
  /** Recruiters see who applied. */
  showApplicant?: boolean
  /** The applicant may withdraw an application before a final stage (hired, rejected, withdrawn). */
  canWithdraw?: boolean
  /** Opens the application's conversation (a "Messages" button). */
  onMessages?: () => void
}

export const JOB_REMOVED = 'This job was removed by the recruiter'

/**
 * The whole card is one link (its title's, stretched over it), so a click anywhere opens `to`; a
 * job the recruiter deleted has no page any more, so its card says so and links nowhere.
 */
export function ApplicationCard({ application, to, showApplicant = false, canWithdraw = false, onMessages }: Props) {
  const { jobDetails, recruitersDetails, userDetails } = application
  const removed = application.jobRemoved === true && !showApplicant
  // The applicant's way to the application's interviews (each leads to its booking page).
  const interviews = !showApplicant && !removed
  // Once withdrawn, the focus goes to the new stage (the button it was on is gone).
  const statusRef = useRef<HTMLSpanElement>(null)
  const shownStage = useRef(application.stage)
  useEffect(() => {
    if (withdrawable(shownStage.current) && application.stage === 'withdrawn') statusRef.current?.focus()
    shownStage.current = application.stage
  }, [application.stage])
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
            {/* A deleted candidate's record keeps no address. */}
            {userDetails.email && (
              <>
                <dt className="font-medium">E-mail</dt>
                <dd className="min-w-0 break-words">
                  {/* Above the card's stretched link, so it can be clicked on its own. */}
                  <a href={`mailto:${userDetails.email}`} className="relative z-10 text-blue-800 underline hover:text-blue-900">
                    {userDetails.email}
                  </a>
                </dd>
              </>
            )}
            {application.jobApplicantsDetails.skills.length > 0 && (
              <>
                <dt className="font-medium">Skills</dt>
                <dd>{application.jobApplicantsDetails.skills.join(', ')}</dd>
              </>
            )}
          </>
        )}
        <dt className="font-medium">Salary</dt>
        <dd>{formatSalary(jobDetails.salary, jobDetails.salaryMax)}</dd>
        <StatusHistory history={application.history} />
        <dt className="font-medium">Status</dt>
        <dd>
          <StageBadge ref={statusRef} stage={application.stage} label={application.stageLabel} />
        </dd>
      </dl>
      {(interviews || onMessages || (canWithdraw && withdrawable(application.stage))) && (
        // Above the card's stretched link, so each is a button of its own.
        <div className="relative z-10 mt-4 flex flex-wrap gap-2">
          {onMessages && (
            <Button variant="secondary" size="sm" onClick={onMessages} aria-label={`Messages about ${jobDetails.title}`}>
              Messages
            </Button>
          )}
          {interviews && (
            <ButtonLink to={applicationInterviewsPath(application._id)} variant="secondary" size="sm" aria-label={`Interviews for ${jobDetails.title}`}>
              Interviews
            </ButtonLink>
          )}
          {canWithdraw && withdrawable(application.stage) && <WithdrawButton application={application} />}
        </div>
      )}
    </article>
  )
}

/** What withdrawing `application` does, its booked interview included. */
export function withdrawalText(application: Application) {
  const text = `Your application for "${application.jobDetails.title}" will be withdrawn and its place given back to others. You cannot apply to this job again.`
  const interview = application.bookedInterviewAt
  return interview ? `${text} Your interview on ${formatZonedDateTime(interview)} will be cancelled, and the recruiter told.` : text
}

/** Withdraws an application still under way after asking; its place on the job goes back to others. */
function WithdrawButton({ application }: { application: Application }) {
  const [asking, setAsking] = useState(false)
  const withdraw = useWithdrawApplication({ message: serverMessage('Could not withdraw the application') })
  const title = application.jobDetails.title

  const confirm = async () => {
    setAsking(false)
    try {
      await withdraw.mutateAsync(application._id)
      toast.success('Application withdrawn')
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <>
      <Button variant="danger-outline" size="sm" loading={withdraw.isPending} onClick={() => setAsking(true)} aria-label={`Withdraw application for ${title}`}>
        Withdraw
      </Button>
      {asking && (
        <ConfirmationModal
          title="Withdraw this application?"
          text={withdrawalText(application)}
          confirmLabel="Withdraw"
          cancelLabel="Cancel"
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
