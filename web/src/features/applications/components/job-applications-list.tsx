import { useEffect, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { useJobApplications } from '../api/get-applications'
import { useUpdateApplicationStatus } from '../api/application-mutations'
import { applicantName } from '../applicant-name'
import { applicationInterviewsPath } from '../interviews-path'
import { noApplicationsText, type ScreeningQuery } from '../screening'
import type { Application, Decision } from '../types'
import { ApplicationFacts } from './application-facts'
import { STATUS_LABELS, StageBadge } from './status-badge'

const FAILURE = 'Failed to fetch applications.'

const QUESTION: Record<Decision, { title: string; confirm: string }> = {
  shortlisted: { title: 'Shortlist this applicant?', confirm: 'Shortlist' },
  rejected: { title: 'Reject this applicant?', confirm: 'Reject' },
}

type ApplicantProps = { application: Application; onDecide: (status: Decision) => void; deciding: boolean; onMessages?: () => void }

function Applicant({ application, onDecide, deciding, onMessages }: ApplicantProps) {
  const name = applicantName(application)
  const headingId = `applicant-${application._id}`
  const [asking, setAsking] = useState<Decision | null>(null)
  // Once decided, the focus goes to the new stage (the buttons it was on are gone).
  const statusRef = useRef<HTMLParagraphElement>(null)
  const shownStage = useRef(application.stage)
  useEffect(() => {
    if (shownStage.current === 'applied' && application.stage !== 'applied') statusRef.current?.focus()
    shownStage.current = application.stage
  }, [application.stage])

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        {name}
      </h2>
      <ApplicationFacts application={application} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {application.stage === 'applied' ? (
          <>
            <Button variant="success" disabled={deciding} onClick={() => setAsking('shortlisted')}>
              Shortlist
            </Button>
            <Button variant="danger" disabled={deciding} onClick={() => setAsking('rejected')}>
              Reject
            </Button>
          </>
        ) : (
          <p ref={statusRef} tabIndex={-1} className="rounded focus:outline-2 focus:outline-offset-2 focus:outline-blue-700">
            <span className="sr-only">Status: </span>
            <StageBadge stage={application.stage} label={application.stageLabel} />
          </p>
        )}
        {onMessages && (
          <Button variant="secondary" onClick={onMessages} aria-label={`Messages with ${name}`}>
            Messages
          </Button>
        )}
        <ButtonLink to={applicationInterviewsPath(application._id)} variant="secondary" aria-label={`Interviews with ${name}`}>
          Interviews
        </ButtonLink>
      </div>
      {asking && (
        <ConfirmationModal
          title={QUESTION[asking].title}
          text={`${name} will be told by e-mail, and the decision cannot be changed.`}
          confirmLabel={QUESTION[asking].confirm}
          cancelLabel="Cancel"
          onConfirm={() => {
            setAsking(null)
            onDecide(asking)
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </article>
  )
}

/**
 * docs/product.md#job-applications: the list view; a pending application can be shortlisted or
 * rejected here (the old decision), or moved on the board. `query` narrows it to the applications
 * the screening filters keep.
 */
export function JobApplicationsList({ jobId, query, onMessages }: { jobId: string; query: ScreeningQuery; onMessages?: (application: Application) => void }) {
  const { data, isPending, isError } = useJobApplications(jobId, query, { id: 'job-applications', message: () => FAILURE })
  const decide = useUpdateApplicationStatus(jobId)

  const onDecide = async (applicationId: string, status: Decision) => {
    try {
      const { data } = await decide.mutateAsync({ applicationId, status })
      // The message of docs/product.md#job-applications, with the status in the one wording the badges use (the API sends it in lower case).
      toast.success(`Application status updated to ${STATUS_LABELS[data.status]}`)
    } catch {
      // The mutation's toast says it (lib/query-client).
    }
  }

  if (isError) return <p className="mt-8 text-gray-800">{FAILURE}</p>
  if (isPending) return <Spinner label="Loading applications..." />
  if (data.length === 0) return <p className="mt-8 text-gray-800">{noApplicationsText(query)}</p>

  return (
    <ul className="mt-8 flex flex-col gap-4" aria-label="Applications">
      {data.map((application) => (
        <li key={application._id}>
          <Applicant
            application={application}
            deciding={decide.isPending && decide.variables?.applicationId === application._id}
            onDecide={(status) => onDecide(application._id, status)}
            onMessages={onMessages && (() => onMessages(application))}
          />
        </li>
      ))}
    </ul>
  )
}
