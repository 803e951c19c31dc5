import { screen, waitFor, within } from '@testing-library/react'
import { http as untypedHttp, HttpResponse } from 'msw'
import type { Interview } from '@/features/interviews/types'
import { formatZonedDateTime } from '@/lib/time-zone'
import { applicant, interview, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The viewer's browser is in India: times read in IST. */
const ZONE = 'Asia/Kolkata'
const at = (iso: string) => formatZonedDateTime(iso, ZONE)

beforeEach(() => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: ZONE }
  })
})
afterEach(() => vi.restoreAllMocks())

/** The interview as the server keeps it: booking and cancelling change it, and every fetch is counted. */
function answer(start: Interview) {
  let current = start
  const calls = { fetches: 0, booked: [] as unknown[], cancelled: 0 }
  server.use(
    http.get('/auth/interviews/{interviewId}', ({ response }) => {
      calls.fetches++
      return response(200).json({ success: true, message: 'Interview fetched successfully', data: current })
    }),
    http.put('/auth/interviews/{interviewId}/book', async ({ request, response }) => {
      const body = (await request.json()) as { slot: number }
      calls.booked.push(body)
      current = { ...current, status: 'booked', startsAt: current.slots[body.slot] }
      return response(200).json({ success: true, message: 'Interview booked', data: current })
    }),
    http.put('/auth/interviews/{interviewId}/cancel', ({ response }) => {
      calls.cancelled++
      current = { ...current, status: 'cancelled', sequence: current.sequence + 1 }
      return response(200).json({ success: true, message: 'Interview cancelled', data: current })
    }),
  )
  return { calls, set: (next: Interview) => (current = next) }
}

async function open(path: string, user = applicant) {
  signIn(user)
  const view = renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Interview for Backend Developer at Acme' })).toBeVisible()
  return view
}

test('the e-mail\'s link preselects its time (?slot=1); "Book this time" books it, then the page shows the time booked and that the invitation was e-mailed', async () => {
  const proposed = interview()
  const { calls } = answer(proposed)
  const { user } = await open('/dashboard/interviews/i1?slot=1')
  expect(document.title).toBe('Interview for Backend Developer at Acme | jobportal')
  expect(screen.getByText('Duration').nextElementSibling).toHaveTextContent('45 minutes')
  const link = within(screen.getByText('Place or video link').nextElementSibling as HTMLElement).getByRole('link', { name: /meet\.example\.com/ })
  expect(link).toHaveAttribute('href', 'https://meet.example.com/abc-defg')
  expect(link).toHaveAttribute('target', '_blank')

  const group = screen.getByRole('group', { name: 'Choose a time' })
  expect(group).toHaveAccessibleDescription(/Times are in your time zone \(IST\)/)
  const radios = within(group).getAllByRole('radio')
  expect(radios).toHaveLength(3)
  expect(within(group).getByRole('radio', { name: at(proposed.slots[1]) })).toBeChecked()
  expect(at(proposed.slots[1])).toMatch(/ IST$/)
  expect(within(group).getByRole('radio', { name: at(proposed.slots[0]) })).not.toBeChecked()

  await user.click(screen.getByRole('button', { name: 'Book this time' }))
  expect(await screen.findByText('Interview booked')).toBeInTheDocument()
  expect(calls.booked).toEqual([{ slot: 1 }])
  const status = await screen.findByRole('heading', { level: 2, name: `Booked for ${at(proposed.slots[1])}` })
  await waitFor(() => expect(status).toHaveFocus())
  expect(screen.queryByRole('group', { name: 'Choose a time' })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Add to calendar' })).toBeVisible()
  expect(screen.getByText(/The invitation was e-mailed to you with a calendar file \(invite\.ics\)/)).toBeVisible()
  expect(screen.getByRole('button', { name: 'Download .ics' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' })).toBeVisible()
  expect(screen.getByRole('button', { name: 'Cancel interview' })).toBeVisible()
})

const ICS = 'BEGIN:VCALENDAR\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\nUID:interview-i1@jobportal.example\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'

/**
 * The calendar file's call (not in the typed document's paths yet, so plain MSW): answered with
 * `answer`, keeping each request's interview and Authorization header.
 */
function answerCalendarFile(answer: () => Response) {
  const seen: { interviewId: string; authorization: string | null }[] = []
  server.use(
    untypedHttp.get('*/api/v1/auth/interviews/:interviewId/calendar.ics', ({ params, request }) => {
      seen.push({ interviewId: String(params.interviewId), authorization: request.headers.get('Authorization') })
      return answer()
    }),
  )
  return seen
}

/** What the page offered to save: each temporary link clicked, with its name and the text behind its object URL. */
function watchDownloads() {
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:http://localhost/calendar-${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const offered: { name: string; text: Promise<string> | undefined }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    offered.push({ name: this.download, text: blobs.get(this.href)?.text() })
  })
  return offered
}

const booked = () => interview({ status: 'booked', startsAt: '2026-12-01T04:30:00Z', durationMinutes: 45 })

test('"Download .ics" fetches the interview\'s calendar file with the bearer token and saves it as interview.ics', async () => {
  answer(booked())
  const seen = answerCalendarFile(() => new HttpResponse(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }))
  const offered = watchDownloads()
  const { user } = await open('/dashboard/interviews/i1')
  const calendar = within(screen.getByRole('region', { name: 'Add to calendar' }))
  await user.click(calendar.getByRole('button', { name: 'Download .ics' }))
  await waitFor(() => expect(offered).toHaveLength(1))
  expect(offered[0].name).toBe('interview.ics')
  expect(await offered[0].text).toBe(ICS)
  expect(seen).toEqual([{ interviewId: 'i1', authorization: 'Bearer applicant-token' }])
  expect(calendar.getByRole('button', { name: 'Download .ics' })).toBeEnabled()
})

test('a refused calendar file says the server\'s message, and saves nothing', async () => {
  answer(booked())
  answerCalendarFile(() => HttpResponse.json({ success: false, message: 'Only a booked interview has a calendar file' }, { status: 409 }))
  const offered = watchDownloads()
  const { user } = await open('/dashboard/interviews/i1')
  await user.click(screen.getByRole('button', { name: 'Download .ics' }))
  expect(await screen.findByText('Only a booked interview has a calendar file')).toBeInTheDocument()
  expect(offered).toEqual([])
})

test('a calendar file failing without a message says "Could not download the calendar file"', async () => {
  answer(booked())
  answerCalendarFile(() => new HttpResponse('Bad Gateway', { status: 502 }))
  const { user } = await open('/dashboard/interviews/i1')
  await user.click(screen.getByRole('button', { name: 'Download .ics' }))
  expect(await screen.findByText('Could not download the calendar file')).toBeInTheDocument()
})

test('"Add to Google Calendar" opens Google\'s new event in a new tab, filled in from the booked interview', async () => {
  answer(booked())
  await open('/dashboard/interviews/i1', recruiter)
  const link = within(screen.getByRole('region', { name: 'Add to calendar' })).getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' })
  expect(link).toHaveAttribute(
    'href',
    'https://calendar.google.com/calendar/render?action=TEMPLATE' +
      '&text=Interview%3A%20Backend%20Developer%20at%20Acme' +
      '&dates=20261201T043000Z/20261201T051500Z' +
      '&details=Interview%20of%20Ann%20Lee%20for%20Backend%20Developer%20at%20Acme.%0AWhere%3A%20https%3A%2F%2Fmeet.example.com%2Fabc-defg%0ADetails%3A%20http%3A%2F%2Flocalhost%3A3000%2Fdashboard%2Finterviews%2Fi1' +
      '&location=https%3A%2F%2Fmeet.example.com%2Fabc-defg',
  )
  expect(link).toHaveAttribute('target', '_blank')
  expect(link).toHaveAttribute('rel', 'noopener noreferrer')
})

test('a proposed or cancelled interview offers nothing to add to a calendar', async () => {
  const { set } = answer(interview())
  const { unmount } = await open('/dashboard/interviews/i1')
  expect(screen.queryByRole('region', { name: 'Add to calendar' })).not.toBeInTheDocument()
  unmount()
  set(interview({ status: 'cancelled', sequence: 1 }))
  await open('/dashboard/interviews/i1')
  // The page shows what was last seen (kept on the device) until the server's answer arrives.
  expect(await screen.findByRole('heading', { level: 2, name: 'This interview was cancelled' })).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Download .ics' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: /Google Calendar/ })).not.toBeInTheDocument()
})

test('another time can be chosen; without a time chosen, "Book this time" says to choose one, tied to the group', async () => {
  const proposed = interview()
  const { calls } = answer(proposed)
  const { user } = await open('/dashboard/interviews/i1')
  const group = screen.getByRole('group', { name: 'Choose a time' })
  expect(within(group).queryByRole('radio', { checked: true })).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Book this time' }))
  expect(group).toHaveAccessibleDescription(/Choose one of the times$/)
  expect(within(group).getAllByRole('radio')[0]).toHaveFocus()
  expect(calls.booked).toEqual([])

  await user.click(within(group).getByRole('radio', { name: at(proposed.slots[2]) }))
  expect(group).not.toHaveAccessibleDescription(/Choose one of the times/)
  await user.click(screen.getByRole('button', { name: 'Book this time' }))
  await screen.findByText('Interview booked')
  expect(calls.booked).toEqual([{ slot: 2 }])
})

test('a time that has passed cannot be chosen, even from the link', async () => {
  const proposed = interview({ slots: [new Date(Date.now() - 60 * 60 * 1000).toISOString(), interview().slots[1]] })
  answer(proposed)
  await open('/dashboard/interviews/i1?slot=0')
  const passed = screen.getByRole('radio', { name: `${at(proposed.slots[0])} (passed)` })
  expect(passed).toBeDisabled()
  expect(passed).not.toBeChecked()
})

test('a refused booking (409) toasts the server\'s message and fetches the interview again, which shows how it stands', async () => {
  const proposed = interview()
  const { calls, set } = answer(proposed)
  server.use(
    http.put('/auth/interviews/{interviewId}/book', ({ response }) => {
      // Meanwhile the recruiter cancelled it.
      set({ ...proposed, status: 'cancelled', sequence: 1 })
      return response(409).json({ success: false, message: 'This interview was cancelled' })
    }),
  )
  const { user } = await open('/dashboard/interviews/i1?slot=0')
  const before = calls.fetches
  await user.click(screen.getByRole('button', { name: 'Book this time' }))
  // The toast, and the page as the interview now stands.
  await waitFor(() => expect(screen.getAllByText('This interview was cancelled')).toHaveLength(2))
  expect(screen.getByRole('heading', { level: 2, name: 'This interview was cancelled' })).toBeVisible()
  expect(calls.fetches).toBeGreaterThan(before)
  expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Cancel interview' })).not.toBeInTheDocument()
})

test('a booked interview is cancelled only after confirming; "Keep it" sends nothing', async () => {
  const booked = interview({ status: 'booked', startsAt: interview().slots[0], sequence: 0 })
  const { calls } = answer(booked)
  const { user } = await open('/dashboard/interviews/i1')
  expect(screen.getByRole('heading', { level: 2, name: `Booked for ${at(booked.startsAt!)}` })).toBeVisible()
  expect(screen.getByText('Time').nextElementSibling).toHaveTextContent(at(booked.startsAt!))

  await user.click(screen.getByRole('button', { name: 'Cancel interview' }))
  let dialog = within(await screen.findByRole('dialog', { name: 'Cancel this interview?' }))
  expect(dialog.getByText(new RegExp(`The interview on ${at(booked.startsAt!)} will be cancelled for both sides`))).toBeVisible()
  expect(dialog.getByRole('button', { name: 'Keep it' })).toHaveFocus()
  await user.click(dialog.getByRole('button', { name: 'Keep it' }))
  expect(calls.cancelled).toBe(0)
  expect(screen.getByRole('button', { name: 'Cancel interview' })).toHaveFocus()

  await user.click(screen.getByRole('button', { name: 'Cancel interview' }))
  dialog = within(await screen.findByRole('dialog', { name: 'Cancel this interview?' }))
  await user.click(dialog.getByRole('button', { name: 'Cancel interview' }))
  expect(await screen.findByText('Interview cancelled')).toBeInTheDocument()
  expect(calls.cancelled).toBe(1)
  const status = await screen.findByRole('heading', { level: 2, name: 'This interview was cancelled' })
  await waitFor(() => expect(status).toHaveFocus())
  expect(screen.queryByRole('button', { name: 'Cancel interview' })).not.toBeInTheDocument()
})

test('the recruiter reads the interview here, with no booking, and a way to manage it', async () => {
  answer(interview({ location: 'Acme office, 4th floor, Pune' }))
  await open('/dashboard/interviews/i1?slot=1', recruiter)
  expect(screen.getByText('With Ann Lee')).toBeVisible()
  expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /Book|Cancel/ })).not.toBeInTheDocument()
  expect(screen.getByText('Times proposed').nextElementSibling).toHaveTextContent(at(interview().slots[0]))
  expect(screen.getByText('Acme office, 4th floor, Pune')).toBeVisible()
  expect(screen.queryByRole('link', { name: /Acme office/ })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: "Manage this application's interviews" })).toHaveAttribute('href', '/dashboard/applications/a1/interviews')
})

test('an interview that is not the viewer\'s says "Interview not found"', async () => {
  server.use(http.get('/auth/interviews/{interviewId}', ({ response }) => response(404).json({ success: false, message: 'Interview not found' })))
  signIn(applicant)
  renderApp('/dashboard/interviews/nope')
  expect(await screen.findByRole('heading', { level: 1, name: 'Interview' })).toBeVisible()
  expect(screen.getByText('Interview not found')).toBeVisible()
})
