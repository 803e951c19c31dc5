import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { OfflineNotice } from '@/components/ui/offline-notice'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime, timeZoneName } from '@/lib/time-zone'
import { useBookInterview, useInterview } from '../api/interviews'
import { CHOOSE_A_TIME } from '../rules'
import type { Interview } from '../types'
import { AddToCalendar } from './add-to-calendar'
import { CancelInterview } from './cancel-interview'
import { InterviewFacts, ZonedTime } from './interview-facts'

/** Where the recruiter manages an application's interviews, and the applicant sees them all. */
export const applicationInterviewsPath = (applicationId: string) => `/dashboard/applications/${encodeURIComponent(applicationId)}/interviews`

type Props = {
  interviewId: string
  /** The time the link followed asks for (`?slot=N`, from 0), chosen at first when it can be. */
  preselected: number | null
  /** The applicant books and cancels; the recruiter reads (and manages the interview on the application's page). */
  asApplicant: boolean
}

/** The times proposed, as a radio group, and "Book this time". */
function BookingForm({ interview, preselected, onBooked }: { interview: Interview; preselected: number | null; onBooked: () => void }) {
  const errorId = useId()
  const hintId = useId()
  const book = useBookInterview(interview._id, { message: serverMessage('Could not book the interview') })
  // Read once: a time that passes while the page is open is the server's to refuse.
  const [now] = useState(() => Date.now())
  const open = (index: number) => index >= 0 && index < interview.slots.length && new Date(interview.slots[index]).getTime() > now
  const [chosen, setChosen] = useState<number | null>(() => (preselected !== null && open(preselected) ? preselected : null))
  const [error, setError] = useState<string | null>(null)
  const firstRef = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (chosen === null) {
      setError(CHOOSE_A_TIME)
      firstRef.current?.focus()
      return
    }
    setError(null)
    try {
      const { message } = await book.mutateAsync(chosen)
      toast.success(message)
      onBooked()
    } catch {
      // The mutation's toast says it; a 409 (booked or cancelled meanwhile, the time passed): the interview is fetched again.
    }
  }

  const firstOpen = interview.slots.findIndex((_, index) => open(index))
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6">
      <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
        <legend className="text-lg font-semibold text-gray-900">Choose a time</legend>
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          Times are in your time zone ({timeZoneName()}). The interview lasts {interview.durationMinutes} minutes.
        </p>
        <div className="mt-3 flex flex-col gap-2">
          {interview.slots.map((slot, index) => {
            const passed = !open(index)
            return (
              <label
                key={slot}
                className={`flex items-center gap-3 rounded-md border px-3 py-2 ${passed ? 'border-gray-200 text-gray-600' : 'border-gray-400 text-gray-900 has-checked:border-primary has-checked:bg-primary-soft'}`}
              >
                <input
                  ref={index === (chosen ?? firstOpen) ? firstRef : undefined}
                  type="radio"
                  name="slot"
                  value={index}
                  checked={chosen === index}
                  disabled={passed}
                  aria-invalid={error ? true : undefined}
                  onChange={() => {
                    setChosen(index)
                    setError(null)
                  }}
                  className="h-4 w-4 accent-primary"
                />
                <span>
                  <time dateTime={slot}>{formatZonedDateTime(slot)}</time>
                  {passed && ' (passed)'}
                </span>
              </label>
            )
          })}
        </div>
        {error && (
          <p id={errorId} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="mt-4" loading={book.isPending} disabled={firstOpen === -1}>
        Book this time
      </Button>
    </form>
  )
}

/**
 * docs/rules.md#interviews: one interview, for the applicant to book one of its times (the e-mail's
 * link preselects the one clicked), or to cancel it once booked; the recruiter reads it here. After
 * a booking or a cancellation the focus goes to what the interview is now.
 */
export function InterviewBooking({ interviewId, preselected, asApplicant }: Props) {
  const { data: interview, isPending, isError, error, dataUpdatedAt } = useInterview(interviewId)
  const statusRef = useRef<HTMLHeadingElement>(null)
  const [changed, setChanged] = useState(false)
  useEffect(() => {
    if (changed) statusRef.current?.focus()
  }, [changed, interview?.status])

  if (isPending) return <Spinner label="Loading the interview..." />
  if (isError)
    return (
      <section>
        <title>Interview | jobportal</title>
        <h1 className="text-3xl font-bold text-gray-900">Interview</h1>
        <p className="mt-4 text-gray-800">{errorMessage(error, 'Could not load the interview.')}</p>
      </section>
    )

  const title = `Interview for ${interview.jobTitle} at ${interview.company}`
  const markChanged = () => setChanged(true)
  return (
    <section>
      <title>{`${title} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      {!asApplicant && <p className="mt-2 text-lg text-gray-700">With {interview.applicantName}</p>}

      <h2 ref={statusRef} tabIndex={-1} className="mt-6 rounded text-xl font-semibold text-gray-900 focus:outline-2 focus:outline-offset-2 focus:outline-primary">
        {interview.status === 'booked' && interview.startsAt ? (
          <>
            Booked for <ZonedTime iso={interview.startsAt} />
          </>
        ) : interview.status === 'cancelled' ? (
          'This interview was cancelled'
        ) : asApplicant ? (
          'Pick a time for your interview'
        ) : (
          'Proposed, waiting for the applicant to choose a time'
        )}
      </h2>
      <InterviewFacts interview={interview} times={!(asApplicant && interview.status === 'proposed')} />

      {interview.status === 'booked' && interview.startsAt && <AddToCalendar interview={interview} startsAt={interview.startsAt} />}

      {asApplicant && interview.status === 'proposed' && <BookingForm interview={interview} preselected={preselected} onBooked={markChanged} />}

      {asApplicant && interview.status !== 'cancelled' && (
        <div className="mt-6">
          <CancelInterview interview={interview} onCancelled={markChanged} />
        </div>
      )}

      <p className="mt-8">
        <Link to={applicationInterviewsPath(interview.applicationId)} className="font-medium text-blue-800 underline hover:text-blue-900">
          {asApplicant ? 'All interviews for this application' : "Manage this application's interviews"}
        </Link>
      </p>
    </section>
  )
}
