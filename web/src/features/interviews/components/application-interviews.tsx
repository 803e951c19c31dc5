import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { OfflineNotice } from '@/components/ui/offline-notice'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useApplicationInterviews } from '../api/interviews'
import { isPlanned, type Interview } from '../types'
import { CancelInterview } from './cancel-interview'
import { InterviewFacts } from './interview-facts'
import { ProposeInterview } from './propose-interview'
import { RescheduleInterview } from './reschedule-interview'

/** The booking page of an interview (the e-mail's link, without a time chosen). */
export const interviewPath = (interviewId: string) => `/dashboard/interviews/${encodeURIComponent(interviewId)}`

const heading = (interview: Interview) =>
  interview.status === 'booked' && interview.startsAt
    ? `Booked for ${formatZonedDateTime(interview.startsAt)}`
    : interview.status === 'proposed'
      ? `Proposed: ${interview.slots.length} ${interview.slots.length === 1 ? 'time' : 'times'} to choose from`
      : 'Cancelled'

type ItemProps = {
  interview: Interview
  asRecruiter: boolean
  /** Raised each time the focus belongs on this interview's heading (it is new, or it just changed); 0 for never. */
  focusRequest: number
  onChanged: () => void
}

function InterviewItem({ interview, asRecruiter, focusRequest, onChanged }: ItemProps) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const rescheduleRef = useRef<HTMLButtonElement>(null)
  const [rescheduling, setRescheduling] = useState(false)
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus()
  }, [focusRequest])

  const closeReschedule = () => {
    setRescheduling(false)
    requestAnimationFrame(() => rescheduleRef.current?.focus())
  }
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="rounded text-lg font-semibold text-gray-900 focus:outline-2 focus:outline-offset-2 focus:outline-primary"
      >
        {heading(interview)}
      </h3>
      <InterviewFacts interview={interview} />
      {interview.status !== 'cancelled' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {!asRecruiter && (
            <ButtonLink to={interviewPath(interview._id)} variant={interview.status === 'proposed' ? 'primary' : 'secondary'} size="sm">
              {interview.status === 'proposed' ? 'Choose a time' : 'See the interview'}
            </ButtonLink>
          )}
          {asRecruiter && interview.status === 'booked' && (
            <Button
              ref={rescheduleRef}
              variant="secondary"
              size="sm"
              aria-expanded={rescheduling}
              onClick={() => (rescheduling ? closeReschedule() : setRescheduling(true))}
            >
              Reschedule
            </Button>
          )}
          {asRecruiter && <CancelInterview interview={interview} size="sm" onCancelled={onChanged} />}
        </div>
      )}
      {rescheduling && interview.status === 'booked' && (
        <RescheduleInterview
          interview={interview}
          onCancel={closeReschedule}
          onDone={() => {
            setRescheduling(false)
            onChanged()
          }}
        />
      )}
    </article>
  )
}

type Props = { applicationId: string; asRecruiter: boolean }

/**
 * docs/rules.md#interviews: an application's interviews, newest first. The recruiter proposes one
 * (while none is planned), reschedules a booked one and cancels; the applicant follows each to its
 * page to book a time. After a change the focus goes to the interview it changed.
 */
export function ApplicationInterviews({ applicationId, asRecruiter }: Props) {
  const listId = useId()
  const { data, isPending, isError, error, dataUpdatedAt } = useApplicationInterviews(applicationId)
  const [focus, setFocus] = useState<{ id: string; request: number }>({ id: '', request: 0 })
  const focusOn = (id: string) => setFocus(({ request }) => ({ id, request: request + 1 }))

  if (isError) return <p className="mt-8 text-gray-800">{errorMessage(error, 'Could not load the interviews.')}</p>
  if (isPending) return <Spinner label="Loading interviews..." />

  const planned = data.find(isPlanned)
  return (
    <>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      {asRecruiter && (
        <section aria-labelledby={`${listId}-propose`} className="mt-8 rounded-lg border border-gray-200 p-6">
          <h2 id={`${listId}-propose`} className="text-xl font-semibold text-gray-900">
            Propose an interview
          </h2>
          {planned ? (
            <p className="mt-2 text-gray-700">This application has an interview planned; cancel it to propose other times.</p>
          ) : (
            <ProposeInterview applicationId={applicationId} onProposed={(interview) => focusOn(interview._id)} />
          )}
        </section>
      )}
      <section aria-labelledby={listId} className="mt-8">
        <h2 id={listId} className="text-xl font-semibold text-gray-900">
          {asRecruiter ? 'Interviews' : 'Your interviews'}
        </h2>
        {data.length === 0 ? (
          <p className="mt-3 text-gray-700">{asRecruiter ? 'No interviews yet.' : 'No interviews yet. You will be e-mailed when the recruiter proposes times.'}</p>
        ) : (
          <ol aria-labelledby={listId} className="mt-3 flex flex-col gap-4">
            {data.map((interview) => (
              <li key={interview._id}>
                <InterviewItem
                  interview={interview}
                  asRecruiter={asRecruiter}
                  focusRequest={focus.id === interview._id ? focus.request : 0}
                  onChanged={() => focusOn(interview._id)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}
