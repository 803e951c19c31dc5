import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Interview } from '@/features/interviews/types'
import { formatZonedDateTime } from '@/lib/time-zone'
import { dateInputDaysFromNow } from '@/testing/dates'
import { applicant, application, applicationsOverview, interview, job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The viewer's browser is in India: times are typed and read in IST. */
const ZONE = 'Asia/Kolkata'
const at = (iso: string) => formatZonedDateTime(iso, ZONE)

beforeEach(() => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: ZONE }
  })
})
afterEach(() => vi.restoreAllMocks())

/** A datetime-local value `days` from today at `time`, and the RFC 3339 time it is sent as (in IST). */
const local = (days: number, time = '10:00') => `${dateInputDaysFromNow(days)}T${time}`
const sent = (days: number, time = '10:00') => `${dateInputDaysFromNow(days)}T${time}:00+05:30`

/**
 * A datetime-local input takes a whole value at once, as a browser's picker gives it (typing it
 * character by character leaves it empty in jsdom).
 */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })

/** The application's interviews as the server keeps them: proposing, rescheduling and cancelling change them; each request is kept. */
function answer(start: Interview[]) {
  let current = start
  const calls = { fetches: 0, proposed: [] as unknown[], rescheduled: [] as unknown[], cancelled: [] as string[] }
  const put = (changed: Interview) => {
    current = current.map((each) => (each._id === changed._id ? changed : each))
    return changed
  }
  server.use(
    http.get('/auth/applications', ({ response }) =>
      response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1', stage: 'interview' })] }),
    ),
    http.get('/auth/applications/{applicationId}/interviews', ({ response }) => {
      calls.fetches++
      return response(200).json({ success: true, message: 'Interviews fetched successfully', interviews: current })
    }),
    http.post('/auth/applications/{applicationId}/interviews', async ({ request, response }) => {
      const body = (await request.json()) as { slots: string[]; durationMinutes: number; location: string }
      calls.proposed.push(body)
      const made = interview({
        _id: `i${current.length + 1}`,
        slots: body.slots.map((slot) => new Date(slot).toISOString()).sort(),
        durationMinutes: body.durationMinutes,
        location: body.location,
      })
      current = [made, ...current]
      return response(201).json({ success: true, message: 'Interview proposed', data: made })
    }),
    http.put('/auth/interviews/{interviewId}/reschedule', async ({ request, params, response }) => {
      const body = (await request.json()) as { startsAt: string; location?: string }
      calls.rescheduled.push(body)
      const was = current.find((each) => each._id === params.interviewId)!
      const moved = { ...was, startsAt: new Date(body.startsAt).toISOString(), location: body.location ?? was.location, sequence: was.sequence + 1 }
      return response(200).json({ success: true, message: 'Interview rescheduled', data: put(moved) })
    }),
    http.put('/auth/interviews/{interviewId}/cancel', ({ params, response }) => {
      calls.cancelled.push(String(params.interviewId))
      const was = current.find((each) => each._id === params.interviewId)!
      return response(200).json({ success: true, message: 'Interview cancelled', data: put({ ...was, status: 'cancelled', sequence: was.sequence + 1 }) })
    }),
  )
  return { calls, set: (next: Interview[]) => (current = next) }
}

async function open(user = recruiter) {
  signIn(user)
  const view = renderApp('/dashboard/applications/a1/interviews')
  expect(await screen.findByRole('heading', { level: 1, name: 'Interviews' })).toBeVisible()
  await screen.findByRole('heading', { level: 2, name: user === recruiter ? 'Interviews' : 'Your interviews' })
  return view
}

const form = () => within(screen.getByRole('heading', { level: 2, name: 'Propose an interview' }).closest('section')!)

test('the recruiter proposes two times: each is sent as RFC 3339 with the viewer\'s offset, with the duration and the place; the new interview is listed and focused', async () => {
  const { calls } = answer([])
  const { user } = await open()
  expect(await screen.findByText('Ann Lee for Backend Developer')).toBeVisible()
  expect(screen.getByText('No interviews yet.')).toBeVisible()
  const propose = form()
  const times = propose.getByRole('group', { name: 'Times to offer' })
  expect(times).toHaveAccessibleDescription(/in your time zone \(IST\)/)
  expect(propose.getByLabelText('Duration (minutes)')).toHaveValue(45)
  expect(propose.queryByLabelText('Second time')).not.toBeInTheDocument()

  fill(propose.getByLabelText('First time'), local(3))
  await user.click(propose.getByRole('button', { name: 'Add another time' }))
  const second = propose.getByLabelText('Second time')
  expect(second).toHaveFocus()
  fill(second, local(4, '15:30'))
  await user.clear(propose.getByLabelText('Duration (minutes)'))
  await user.type(propose.getByLabelText('Duration (minutes)'), '60')
  await user.type(propose.getByLabelText('Place or video link'), '  https://meet.example.com/xyz  ')
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))

  expect(await screen.findByText('Interview proposed')).toBeInTheDocument()
  expect(calls.proposed).toEqual([{ slots: [sent(3), sent(4, '15:30')], durationMinutes: 60, location: 'https://meet.example.com/xyz' }])
  const heading = await screen.findByRole('heading', { level: 3, name: 'Proposed: 2 times to choose from' })
  await waitFor(() => expect(heading).toHaveFocus())
  const item = within(heading.closest('article')!)
  expect(item.getByText('Times proposed').nextElementSibling).toHaveTextContent(at(new Date(sent(3)).toISOString()))
  expect(item.getByText('Duration').nextElementSibling).toHaveTextContent('60 minutes')
  expect(item.getByRole('link', { name: /meet\.example\.com\/xyz/ })).toHaveAttribute('href', 'https://meet.example.com/xyz')
  // One interview is planned at a time.
  expect(screen.getByText('This application has an interview planned; cancel it to propose other times.')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Propose interview' })).not.toBeInTheDocument()
})

test('the proposal is checked with the server\'s words, each message read with its field, and the focus on the first', async () => {
  const { calls } = answer([])
  const { user } = await open()
  const propose = form()
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  const first = propose.getByLabelText('First time')
  await waitFor(() => expect(first).toHaveAccessibleDescription('Give one to three times'))
  expect(first).toHaveFocus()
  expect(first).toHaveAttribute('aria-invalid', 'true')
  expect(propose.getByLabelText('Place or video link')).toHaveAccessibleDescription('Place or video link is required')

  fill(first, local(-1))
  await user.clear(propose.getByLabelText('Duration (minutes)'))
  await user.type(propose.getByLabelText('Duration (minutes)'), '10')
  await user.type(propose.getByLabelText('Place or video link'), 'x'.repeat(501))
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  await waitFor(() => expect(first).toHaveAccessibleDescription('Each time must be in the future'))
  expect(propose.getByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Duration must be a whole number of minutes from 15 to 480')
  expect(propose.getByLabelText('Place or video link')).toHaveAccessibleDescription('Place or video link must be at most 500 characters')

  fill(first, local(400))
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  await waitFor(() => expect(first).toHaveAccessibleDescription('Each time must be within a year'))

  // 45 minutes from 10:00, 10:30 overlaps.
  fill(first, local(3))
  await user.click(propose.getByRole('button', { name: 'Add another time' }))
  fill(propose.getByLabelText('Second time'), local(3, '10:30'))
  await user.clear(propose.getByLabelText('Duration (minutes)'))
  await user.type(propose.getByLabelText('Duration (minutes)'), '45')
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  await waitFor(() => expect(propose.getByLabelText('Second time')).toHaveAccessibleDescription('The times must not overlap'))
  expect(first).not.toHaveAccessibleDescription()
  expect(calls.proposed).toEqual([])

  // A third time, then removed: the focus goes back to the second.
  await user.click(propose.getByRole('button', { name: 'Add another time' }))
  expect(propose.queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument()
  await user.click(propose.getByRole('button', { name: 'Remove the third time' }))
  expect(propose.queryByLabelText('Third time')).not.toBeInTheDocument()
  await waitFor(() => expect(propose.getByLabelText('Second time')).toHaveFocus())
})

test('a refused proposal toasts the server\'s message: a 400 shows at its field, a 409 fetches the interviews again', async () => {
  const { calls, set } = answer([])
  server.use(
    http.post('/auth/applications/{applicationId}/interviews', ({ response }) => response(400).json({ success: false, message: 'The times must not overlap' })),
  )
  const { user } = await open()
  const propose = form()
  fill(propose.getByLabelText('First time'), local(3))
  await user.type(propose.getByLabelText('Place or video link'), 'Acme office')
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  await waitFor(() => expect(propose.getByLabelText('First time')).toHaveAccessibleDescription('The times must not overlap'))
  expect(screen.getAllByText('The times must not overlap')).toHaveLength(2)

  server.use(
    http.post('/auth/applications/{applicationId}/interviews', ({ response }) => {
      // Proposed meanwhile in another tab.
      set([interview({ _id: 'other' })])
      return response(409).json({ success: false, message: 'This application already has an interview planned; cancel it first' })
    }),
  )
  const before = calls.fetches
  await user.click(propose.getByRole('button', { name: 'Propose interview' }))
  expect(await screen.findByText('This application already has an interview planned; cancel it first')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 3, name: 'Proposed: 3 times to choose from' })).toBeVisible()
  expect(calls.fetches).toBeGreaterThan(before)
})

test('a booked interview is rescheduled to a new time (and place) the recruiter types; the list shows it and focuses it', async () => {
  const booked = interview({ status: 'booked', startsAt: interview().slots[0] })
  const { calls } = answer([booked, interview({ _id: 'old', status: 'cancelled' })])
  const { user } = await open()
  const item = within(screen.getByRole('heading', { level: 3, name: `Booked for ${at(booked.startsAt!)}` }).closest('article')!)
  expect(screen.getByRole('heading', { level: 3, name: 'Cancelled' })).toBeVisible()

  const reschedule = item.getByRole('button', { name: 'Reschedule' })
  expect(reschedule).toHaveAttribute('aria-expanded', 'false')
  await user.click(reschedule)
  expect(reschedule).toHaveAttribute('aria-expanded', 'true')
  const newTime = item.getByLabelText('New time (IST)')
  expect(newTime).toHaveFocus()
  await user.click(item.getByRole('button', { name: 'Keep the time' }))
  expect(item.queryByLabelText('New time (IST)')).not.toBeInTheDocument()
  await waitFor(() => expect(reschedule).toHaveFocus())

  await user.click(reschedule)
  await user.click(item.getByRole('button', { name: 'Save new time' }))
  await waitFor(() => expect(item.getByLabelText('New time (IST)')).toHaveAccessibleDescription('Give the new time'))
  fill(item.getByLabelText('New time (IST)'), local(-2))
  await user.click(item.getByRole('button', { name: 'Save new time' }))
  await waitFor(() => expect(item.getByLabelText('New time (IST)')).toHaveAccessibleDescription('Each time must be in the future'))
  expect(calls.rescheduled).toEqual([])

  fill(item.getByLabelText('New time (IST)'), local(6, '14:00'))
  await user.type(item.getByLabelText('New place or video link (optional)'), 'Acme office, Pune')
  await user.click(item.getByRole('button', { name: 'Save new time' }))
  expect(await screen.findByText('Interview rescheduled')).toBeInTheDocument()
  expect(calls.rescheduled).toEqual([{ startsAt: sent(6, '14:00'), location: 'Acme office, Pune' }])
  const heading = await screen.findByRole('heading', { level: 3, name: `Booked for ${at(new Date(sent(6, '14:00')).toISOString())}` })
  await waitFor(() => expect(heading).toHaveFocus())
  expect(within(heading.closest('article')!).getByText('Acme office, Pune')).toBeVisible()
  expect(screen.queryByLabelText('New time (IST)')).not.toBeInTheDocument()
})

test('a rescheduling sends no place when none is typed', async () => {
  const booked = interview({ status: 'booked', startsAt: interview().slots[0] })
  const { calls } = answer([booked])
  const { user } = await open()
  await user.click(screen.getByRole('button', { name: 'Reschedule' }))
  fill(screen.getByLabelText('New time (IST)'), local(5))
  await user.click(screen.getByRole('button', { name: 'Save new time' }))
  await screen.findByText('Interview rescheduled')
  expect(calls.rescheduled).toEqual([{ startsAt: sent(5) }])
})

test('the recruiter cancels an interview after confirming; then another may be proposed', async () => {
  const booked = interview({ status: 'booked', startsAt: interview().slots[0] })
  const { calls } = answer([booked])
  const { user } = await open()
  expect(screen.queryByRole('button', { name: 'Propose interview' })).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Cancel interview' }))
  let dialog = within(await screen.findByRole('dialog', { name: 'Cancel this interview?' }))
  await user.click(dialog.getByRole('button', { name: 'Keep it' }))
  expect(calls.cancelled).toEqual([])

  await user.click(screen.getByRole('button', { name: 'Cancel interview' }))
  dialog = within(await screen.findByRole('dialog', { name: 'Cancel this interview?' }))
  await user.click(dialog.getByRole('button', { name: 'Cancel interview' }))
  expect(await screen.findByText('Interview cancelled')).toBeInTheDocument()
  expect(calls.cancelled).toEqual(['i1'])
  const heading = await screen.findByRole('heading', { level: 3, name: 'Cancelled' })
  await waitFor(() => expect(heading).toHaveFocus())
  expect(screen.queryByRole('button', { name: 'Cancel interview' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Propose interview' })).toBeVisible()
})

test('the applicant sees the application\'s interviews, each leading to its page, and proposes nothing', async () => {
  const booked = interview({ _id: 'i2', status: 'booked', startsAt: interview().slots[1] })
  answer([interview({ _id: 'i3' }), booked])
  await open(applicant)
  expect(await screen.findByText('Backend Developer at Acme')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Back to My Applications' })).toHaveAttribute('href', '/dashboard/my-applications')
  expect(screen.queryByRole('heading', { name: 'Propose an interview' })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Choose a time' })).toHaveAttribute('href', '/dashboard/interviews/i3')
  expect(screen.getByRole('link', { name: 'See the interview' })).toHaveAttribute('href', '/dashboard/interviews/i2')
  expect(screen.queryByRole('button', { name: /Reschedule|Cancel interview/ })).not.toBeInTheDocument()
})

/** The job's board (or list) with one application, a1, at the interview stage. */
function answerBoard() {
  answer([])
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job() })),
    http.get('/auth/jobs/applications/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1', stage: 'interview' })] }),
    ),
    http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) =>
      response(200).json({ success: true, message: 'Overview fetched successfully', data: applicationsOverview() }),
    ),
    http.get('/auth/applications/{applicationId}/notes', ({ response }) => response(200).json({ success: true, message: 'Notes fetched successfully', notes: [] })),
  )
}

test("the recruiter reaches an application's interviews from the board's details, and back", async () => {
  answerBoard()
  signIn(recruiter)
  const { user } = renderApp('/dashboard/job/applications/j1')
  await user.click(await screen.findByRole('button', { name: 'Details of Ann Lee' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByRole('link', { name: 'Interviews with Ann Lee' })).toHaveAttribute('href', '/dashboard/applications/a1/interviews')
  await user.click(dialog.getByRole('link', { name: 'Interviews with Ann Lee' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Interviews' })).toBeVisible()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(await screen.findByRole('link', { name: 'Back to the applications for Backend Developer' })).toHaveAttribute('href', '/dashboard/job/applications/j1')
})

test("the list view links each applicant to the application's interviews", async () => {
  answerBoard()
  signIn(recruiter)
  renderApp('/dashboard/job/applications/j1?view=list')
  expect(await screen.findByRole('link', { name: 'Interviews with Ann Lee' })).toHaveAttribute('href', '/dashboard/applications/a1/interviews')
})

test("the applicant's card links to the application's interviews", async () => {
  answer([])
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  expect(await screen.findByRole('link', { name: 'Interviews for Backend Developer' })).toHaveAttribute('href', '/dashboard/applications/a1/interviews')
})
