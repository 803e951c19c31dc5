import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { Button, buttonClasses } from '@/components/ui/button'
import { serverMessage } from '@/lib/query-client'
import { saveFile } from '@/lib/save-file'
import { CALENDAR_FILE_NAME, getCalendarFile } from '../api/interviews'
import { googleCalendarUrl } from '../calendar'
import type { Interview } from '../types'

/** The interview's own page, as the e-mails and the calendar file link to it. */
const interviewPageUrl = (interviewId: string) => `${window.location.origin}/dashboard/interviews/${encodeURIComponent(interviewId)}`

/**
 * docs/product.md#conversations: a booked interview into the person's calendar, besides the
 * e-mailed invitation: its calendar file downloaded with their token ("Download .ics"), or Google
 * Calendar's new-event page filled in ("Add to Google Calendar", in a new tab).
 */
export function AddToCalendar({ interview, startsAt }: { interview: Interview; startsAt: string }) {
  const headingId = useId()
  const download = useMutation({
    mutationFn: () => getCalendarFile(interview._id),
    onSuccess: (blob) => saveFile(blob, CALENDAR_FILE_NAME),
    meta: { errorToast: { message: serverMessage('Could not download the calendar file') } },
  })
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-md border border-gray-200 bg-gray-50 p-4">
      <h3 id={headingId} className="font-semibold text-gray-900">
        Add to calendar
      </h3>
      <p className="mt-1 text-gray-700">
        The invitation was e-mailed to you with a calendar file (invite.ics): open it to add the interview to Google Calendar, Outlook or Apple
        Calendar. A change or a cancellation updates the same event.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          Download .ics
        </Button>
        <a
          href={googleCalendarUrl(interview, startsAt, interviewPageUrl(interview._id))}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary' })}
        >
          Add to Google Calendar <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </section>
  )
}
