import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Modal } from '@/components/ui/modal'
import { applicantName } from '../applicant-name'
import { applicationInterviewsPath } from '../interviews-path'
import type { Application } from '../types'
import { ApplicationFacts } from './application-facts'
import { Notes } from './notes'
import { Rating } from './rating'

type Props = {
  jobId: string
  application: Application
  onClose: () => void
  /** Opens the conversation with the applicant in place of this dialog. */
  onMessages?: () => void
}

/**
 * A board card's details, in a dialog: where it stands and what the applicant sent (the list view's
 * facts), the recruiter's rating and notes, and the ways to the interviews and the conversation.
 */
export function ApplicationDetails({ jobId, application, onClose, onMessages }: Props) {
  const name = applicantName(application)
  return (
    <Modal title={name} onClose={onClose}>
      <ApplicationFacts application={application} withStage />
      <Rating jobId={jobId} application={application} />
      <Notes jobId={jobId} applicationId={application._id} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <ButtonLink to={applicationInterviewsPath(application._id)} variant="secondary" aria-label={`Interviews with ${name}`}>
          Interviews
        </ButtonLink>
        {onMessages && (
          <Button variant="secondary" onClick={onMessages} aria-label={`Messages with ${name}`}>
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
