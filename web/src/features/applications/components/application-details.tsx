import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Modal } from '@/components/ui/modal'
import { formatDate } from '@/lib/format'
import { applicationInterviewsPath } from '../interviews-path'
import type { Application } from '../types'
import { Notes } from './notes'
import { Rating } from './rating'
import { StageBadge } from './status-badge'
import { StatusHistory } from './status-history'

export const applicantName = ({ userDetails }: Application) => `${userDetails.firstName} ${userDetails.lastName}`

/** A card's details, in a dialog: who, where it stands and how it got there, the recruiter's rating and notes, and the way to the conversation. */
type Props = {
  jobId: string
  application: Application
  onClose: () => void
  /** Opens the conversation with the applicant in place of this dialog. */
  onMessages?: () => void
}

export function ApplicationDetails({ jobId, application, onClose, onMessages }: Props) {
  const { userDetails } = application
  return (
    <Modal title={applicantName(application)} onClose={onClose}>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
        <dt className="font-medium">Stage</dt>
        <dd>
          <StageBadge stage={application.stage} label={application.stageLabel} />
        </dd>
        <dt className="font-medium">E-mail</dt>
        <dd className="min-w-0 break-words">
          <a href={`mailto:${userDetails.email}`} className="text-blue-800 underline hover:text-blue-900">
            {userDetails.email}
          </a>
        </dd>
        {application.history.length === 0 && (
          <>
            <dt className="font-medium">Applied on</dt>
            <dd>{formatDate(application.dateOfApplication)}</dd>
          </>
        )}
        <StatusHistory history={application.history} />
        {application.rejectionReason && (
          <>
            <dt className="font-medium">Rejection reason (private)</dt>
            <dd className="break-words whitespace-pre-wrap">{application.rejectionReason}</dd>
          </>
        )}
      </dl>
      <Rating jobId={jobId} application={application} />
      <Notes jobId={jobId} applicationId={application._id} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <ButtonLink to={applicationInterviewsPath(application._id)} variant="secondary" aria-label={`Interviews with ${applicantName(application)}`}>
          Interviews
        </ButtonLink>
        {onMessages && (
          <Button variant="secondary" onClick={onMessages} aria-label={`Messages with ${applicantName(application)}`}>
            Messages
          </Button>
        )}
        <Button variant="neutral" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  )
}
