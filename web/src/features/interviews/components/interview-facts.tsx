import type { ReactNode } from 'react'
import { formatZonedDateTime } from '@/lib/time-zone'
import type { Interview, InterviewStatus } from '../types'

/** An http(s) address, which the place is shown as a link to (a video call). */
export function isWebLink(location: string) {
  if (!/^https?:\/\//i.test(location.trim())) return false
  try {
    new URL(location.trim())
    return true
  } catch {
    return false
  }
}

/** The place as text, or a video link as a link (opening in a new tab, which it says). */
export function LocationText({ location }: { location: string }) {
  if (!isWebLink(location)) return <span className="break-words whitespace-pre-wrap">{location}</span>
  return (
    <a href={location.trim()} target="_blank" rel="noopener noreferrer" className="break-all text-blue-800 underline hover:text-blue-900">
      {location.trim()}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

/** An instant in the viewer's time zone, as a <time> carrying the instant itself. */
export function ZonedTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatZonedDateTime(iso)}</time>
}

export const STATUS_TEXT: Record<InterviewStatus, string> = {
  proposed: 'Proposed, waiting for a time to be chosen',
  booked: 'Booked',
  cancelled: 'Cancelled',
}

export const durationText = (minutes: number) => `${minutes} minutes`

/** What an interview is, as terms and descriptions: status, when (or the times proposed), how long and where. */
export function InterviewFacts({ interview, status, times = true }: { interview: Interview; status?: ReactNode; times?: boolean }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
      <dt className="font-medium">Status</dt>
      <dd>{status ?? STATUS_TEXT[interview.status]}</dd>
      {times && interview.status === 'booked' && interview.startsAt && (
        <>
          <dt className="font-medium">Time</dt>
          <dd>
            <ZonedTime iso={interview.startsAt} />
          </dd>
        </>
      )}
      {times && interview.status !== 'booked' && (
        <>
          <dt className="font-medium">{interview.slots.length === 1 ? 'Time proposed' : 'Times proposed'}</dt>
          <dd>
            <ul>
              {interview.slots.map((slot) => (
                <li key={slot}>
                  <ZonedTime iso={slot} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      <dt className="font-medium">Duration</dt>
      <dd>{durationText(interview.durationMinutes)}</dd>
      <dt className="font-medium">Place or video link</dt>
      <dd className="min-w-0">
        <LocationText location={interview.location} />
      </dd>
    </dl>
  )
}
