import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Modal } from '@/components/ui/modal'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { backToApply } from '../resume-link'
import type { Question } from '../screening'

// The form (and its validation library) loads when the dialog opens: most visitors of a job page
// never apply, and the page paints sooner without it.
const ApplyForm = lazy(() => import('./apply-form'))

/** The resume an application will carry: its name and link; `null` when there is none yet. */
export type ResumeToSend = { name: string; url: string } | null

export const WITHDRAWN_NOTE = 'You withdrew your application, so you cannot apply to this job again.'

/**
 * The job view's Apply: a statement of purpose and the answers to the job's questions in a dialog,
 * then "Applied" for good, or "Withdrawn" once the applicant withdrew it (docs/rules.md#withdraw:
 * the job cannot be applied to again). Back from the resume detour (BACK_TO_APPLY) the dialog is
 * open at once.
 */
export function ApplyButton({
  jobId,
  jobTitle,
  applied: appliedBefore,
  withdrawn = false,
  questions,
  resume,
}: {
  jobId: string
  jobTitle: string
  /** The job's screening questions; none when left out. */
  questions?: Question[]
  applied: boolean
  withdrawn?: boolean
  /** Undefined while it is being looked up. */
  resume?: ResumeToSend
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const [openedOnArrival] = useState(() => backToApply(location.state))
  const [open, setOpen] = useState(openedOnArrival)
  const [appliedNow, setAppliedNow] = useState(false)
  const applyRef = useRef<HTMLButtonElement>(null)
  // Opened once: Back or a reload to this entry shows the job as it is, not the dialog again.
  const forgetArrival = useEffectEvent(() => void navigate(location, { replace: true, state: null }))
  useEffect(() => {
    if (openedOnArrival) forgetArrival()
  }, [openedOnArrival])
  // A dialog that opened by itself had no opener to give the focus back to: Apply takes it.
  useEffect(() => {
    if (!open && openedOnArrival) applyRef.current?.focus()
  }, [open, openedOnArrival])
  // Once sent, the dialog and the Apply button that had the focus are gone: the confirmation takes it.
  const sentRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (appliedNow) sentRef.current?.focus()
  }, [appliedNow])

  if (withdrawn) {
    return (
      <>
        <Button variant="neutral" size="lg" disabled className="mt-4">
          Withdrawn
        </Button>
        <p className="mt-2 text-gray-800">{WITHDRAWN_NOTE}</p>
      </>
    )
  }

  if (appliedBefore || appliedNow) {
    return (
      <>
        <Button variant="done" size="lg" disabled className="mt-4">
          Applied
        </Button>
        {appliedNow && (
          <p ref={sentRef} tabIndex={-1} className="mt-2 text-green-800">
            Your application was sent to the recruiter.
          </p>
        )}
      </>
    )
  }

  return (
    <>
      <Button ref={applyRef} size="lg" onClick={() => setOpen(true)} className="mt-4">
        Apply
      </Button>
      {open && (
        <Modal title={`Apply for ${jobTitle}`} onClose={() => setOpen(false)}>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <ApplyForm
              jobId={jobId}
              jobTitle={jobTitle}
              questions={questions}
              resume={resume}
              onDone={(applied) => {
                setOpen(false)
                if (applied) setAppliedNow(true)
              }}
            />
          </Suspense>
        </Modal>
      )}
    </>
  )
}
