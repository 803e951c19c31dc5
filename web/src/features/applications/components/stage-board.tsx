import { useCallback, useState } from 'react'
import { toast } from 'react-hot-toast'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { useJobApplications } from '../api/get-applications'
import { useMoveStage } from '../api/pipeline-mutations'
import { applicantName } from '../applicant-name'
import { noApplicationsText, type ScreeningQuery } from '../screening'
import { moveTargets, STAGES, type Stage } from '../stages'
import type { Application } from '../types'
import { ApplicationDetails } from './application-details'
import { RejectDialog } from './reject-dialog'
import { StageColumn } from './stage-column'

const FAILURE = 'Failed to fetch applications.'
const NOT_MOVED = 'Could not move the application'

/** A move that asks first: to Rejected (with an optional reason) or to Hired (final, and it fills a position). */
type Asking = { application: Application; stage: 'rejected' | 'hired' }

/**
 * docs/product.md#job-applications: the job's applications as a board, one column per stage. A card
 * moves by dragging it onto a column, or with its "Move" button; either sends the stage the card was
 * shown at, so a card moved elsewhere since is refused (409) and the board refetched. `query` narrows
 * it to the applications the screening filters keep.
 */
export function StageBoard({ jobId, query, onMessages }: { jobId: string; query: ScreeningQuery; onMessages?: (application: Application) => void }) {
  const { data, isPending, isError } = useJobApplications(jobId, query, { id: 'job-applications', message: () => FAILURE })
  const move = useMoveStage(jobId, { message: serverMessage(NOT_MOVED) })
  const [dragged, setDragged] = useState<Application | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  const [focusId, setFocusId] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const focused = useCallback(() => setFocusId(null), [])

  const send = async (application: Application, stage: Stage, reason?: string) => {
    const name = applicantName(application)
    try {
      const { message, data: moved } = await move.mutateAsync({ applicationId: application._id, stage, from: application.stage, reason })
      toast.success(message)
      setAnnouncement(`${name} moved to ${moved.stageLabel}.`)
    } catch (error) {
      // The mutation's toast says it; so does the board, to a screen reader.
      const message = errorMessage(error, NOT_MOVED)
      setAnnouncement(`${name} was not moved: ${message}`)
    }
    setFocusId(application._id)
  }

  const request = (application: Application, stage: Stage) => {
    if (!moveTargets(application.stage).includes(stage)) return
    if (stage === 'rejected' || stage === 'hired') setAsking({ application, stage })
    else void send(application, stage)
  }

  const giveUp = () => {
    if (asking) setFocusId(asking.application._id)
    setAsking(null)
  }

  if (isError) return <p className="mt-8 text-gray-800">{FAILURE}</p>
  if (isPending) return <Spinner label="Loading applications..." />
  if (data.length === 0) return <p className="mt-8 text-gray-800">{noApplicationsText(query)}</p>

  const details = data.find((application) => application._id === detailsId)
  const movingId = move.isPending ? move.variables.applicationId : null
  return (
    <>
      <p className="mt-6 text-gray-700">Drag a card onto another column, or use its Move button, to move it to that stage.</p>
      {/* Stacked on a phone, side by side from a tablet (scrolling sideways), and from a desktop all
          seven in the width of the page, so the whole pipeline is seen at once. */}
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start md:overflow-x-auto md:pb-3 xl:grid xl:grid-cols-7 xl:gap-1.5 xl:overflow-visible xl:pb-0">
        {STAGES.map((stage) => (
          <StageColumn
            key={stage}
            stage={stage}
            applications={data.filter((application) => application.stage === stage)}
            dragged={dragged}
            find={(id) => data.find((application) => application._id === id)}
            movingId={movingId}
            focusId={focusId}
            onFocused={focused}
            onDrop={(application) => {
              setDragged(null)
              request(application, stage)
            }}
            onMove={request}
            onDragStart={setDragged}
            onDragEnd={() => setDragged(null)}
            onDetails={(application) => setDetailsId(application._id)}
            onMessages={onMessages}
          />
        ))}
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      {asking?.stage === 'rejected' && (
        <RejectDialog
          name={applicantName(asking.application)}
          onCancel={giveUp}
          onReject={(reason) => {
            setAsking(null)
            void send(asking.application, 'rejected', reason)
          }}
        />
      )}
      {asking?.stage === 'hired' && (
        <ConfirmationModal
          title={`Hire ${applicantName(asking.application)}?`}
          text={`A hire is final and fills one of the job's positions; ${applicantName(asking.application)} will be told by e-mail.`}
          confirmLabel="Hire"
          cancelLabel="Cancel"
          onCancel={giveUp}
          onConfirm={() => {
            setAsking(null)
            void send(asking.application, 'hired')
          }}
        />
      )}
      {details && (
        <ApplicationDetails
          jobId={jobId}
          application={details}
          onClose={() => setDetailsId(null)}
          onMessages={
            onMessages &&
            (() => {
              // The conversation takes the details' place (one dialog at a time).
              setDetailsId(null)
              onMessages(details)
            })
          }
        />
      )}
    </>
  )
}
