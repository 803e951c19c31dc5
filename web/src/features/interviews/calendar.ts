import type { Interview } from './types'

const MINUTE_MS = 60 * 1000

/** An instant as Google Calendar's `dates` takes it, in UTC: 20261201T043000Z. */
const calendarInstant = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')

/**
 * "Add to Google Calendar" for a booked interview: Google's event template, filled in with what the
 * invitation's calendar file says (server/src/interviews/calendar.rs), so both ways give the same
 * event: the title, the time in UTC from the booked start (`startsAt`) for its duration, the
 * description with the interview page's address (`pageUrl`), and the place. Every value is URL-encoded.
 */
export function googleCalendarUrl(interview: Interview, startsAt: string, pageUrl: string): string {
  const starts = new Date(startsAt)
  const ends = new Date(starts.getTime() + interview.durationMinutes * MINUTE_MS)
  const text = `Interview: ${interview.jobTitle} at ${interview.company}`
  const details = `Interview of ${interview.applicantName} for ${interview.jobTitle} at ${interview.company}.\nWhere: ${interview.location}\nDetails: ${pageUrl}`
  return (
    'https://calendar.google.com/calendar/render?action=TEMPLATE' +
    `&text=${encodeURIComponent(text)}` +
    `&dates=${calendarInstant(starts)}/${calendarInstant(ends)}` +
    `&details=${encodeURIComponent(details)}` +
    `&location=${encodeURIComponent(interview.location)}`
  )
}
