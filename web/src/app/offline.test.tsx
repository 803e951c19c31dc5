import { screen, waitFor, within } from '@testing-library/react'
import type { Job } from '@/features/jobs/types'
import type { User } from '@/lib/auth'
import { OFFLINE_CACHE_KEY } from '@/lib/offline-cache'
import { goOffline, goOnline } from '@/testing/connection'
import { applicant, application, interview, job, message } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

const OFFLINE_WRITE = 'You are offline: this was not sent. Try again when you are back online.'

/** Another applicant, who uses the same device after Ann. */
const other: User = { ...applicant, _id: 'u-other', firstName: 'Bo', lastName: 'Ray', email: 'bo@example.com', token: 'other-token' }

/** The viewer's browser is in India: times read in IST. */
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Every request the app makes from now on, as "METHOD /path" below the API's base. */
function recordRequests() {
  const requests: string[] = []
  const record = ({ request }: { request: Request }) => void requests.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v1/, '')}`)
  server.events.on('request:start', record)
  onTestFinished(() => server.events.removeListener('request:start', record))
  return requests
}

/** The server's saved jobs, and how often they were asked for. */
function answerSaved(saved: Job[]) {
  let reads = 0
  server.use(
    http.get('/jobs/saved', ({ response }) => {
      reads++
      return response(200).json({ success: true, message: 'Saved jobs fetched successfully', data: saved })
    }),
  )
  return { reads: () => reads }
}

/** The keys this device keeps caches under. */
const keptKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(`${OFFLINE_CACHE_KEY}:`))

/** Ann opens Saved Jobs online, with one job saved, and leaves (what she saw is kept on the device). */
async function annSawHerSavedJobs() {
  signIn(applicant)
  answerSaved([job({ _id: 'j1', title: 'Backend Developer' })])
  const first = renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { name: 'Backend Developer' })).toBeVisible()
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
  first.unmount()
}

test('offline, Saved Jobs shows what the same person last saw there, with the time it was fetched', async () => {
  vi.setSystemTime(new Date('2026-03-04T08:35:00Z')) // fixed clock: 14:05 in India
  await annSawHerSavedJobs()
  expect(keptKeys()).toEqual([`${OFFLINE_CACHE_KEY}:${applicant._id}`])

  vi.setSystemTime(new Date('2026-03-04T10:00:00Z')) // fixed clock: later the same day
  const answers = answerSaved([])
  goOffline()
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { name: 'Backend Developer' })).toBeVisible()
  const notice = screen.getByText('You are offline; showing what you saw at 14:05')
  expect(notice).toHaveAttribute('role', 'status')
  expect(screen.queryByText('Could not fetch your saved jobs.')).not.toBeInTheDocument()
  expect(answers.reads()).toBe(0)
})

test('a server that cannot be reached while the browser says it is connected counts as offline, until it answers again', async () => {
  vi.setSystemTime(new Date('2026-03-04T08:35:00Z')) // fixed clock: 14:05 in India
  await annSawHerSavedJobs()

  vi.setSystemTime(new Date('2026-03-04T10:00:00Z')) // fixed clock: later the same day
  server.use(http.get('/jobs/saved', () => Response.error()))
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByText('You are offline; showing what you saw at 14:05')).toHaveAttribute('role', 'status')
  expect(screen.getByRole('heading', { name: 'Backend Developer' })).toBeVisible()
  expect(screen.queryByText('Could not fetch your saved jobs.')).not.toBeInTheDocument()

  // The browser says the connection is back: the screen asks again, and the server answers.
  answerSaved([job({ _id: 'j2', title: 'Data Engineer' })])
  goOnline()
  expect(await screen.findByRole('heading', { name: 'Data Engineer' })).toBeVisible()
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
})

test.each([
  { screen: 'My Applications', path: '/dashboard/my-applications', shows: 'Interview stage' },
  { screen: 'a job page', path: '/job/j1', shows: 'Write Rust services.' },
  { screen: "an application's interviews", path: '/dashboard/applications/a1/interviews', shows: 'Your interviews' },
  { screen: "an interview's page", path: '/dashboard/interviews/i1', shows: 'Interview for Backend Developer at Acme' },
])('offline, $screen restored from the device shows what was seen, with the time it was fetched', async ({ path, shows }) => {
  vi.setSystemTime(new Date('2026-03-04T08:35:00Z')) // fixed clock: 14:05 in India
  signIn(applicant)
  server.use(
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1', stage: 'interview' })] })),
    http.get('/auth/applications/{applicationId}/interviews', ({ response }) => response(200).json({ success: true, message: 'Interviews fetched successfully', interviews: [interview()] })),
    http.get('/auth/interviews/{interviewId}', ({ response }) => response(200).json({ success: true, message: 'Interview fetched successfully', data: interview() })),
  )
  const first = renderApp(path)
  expect(await screen.findByText(shows)).toBeVisible()
  first.unmount()

  vi.setSystemTime(new Date('2026-03-04T09:10:00Z')) // fixed clock: half an hour later
  goOffline()
  const requests = recordRequests()
  renderApp(path)
  expect(await screen.findByText(shows)).toBeVisible()
  expect(screen.getByText('You are offline; showing what you saw at 14:05')).toHaveAttribute('role', 'status')
  expect(requests).toEqual([])
})

test("another person signed in on the same device sees none of the first person's kept cache", async () => {
  await annSawHerSavedJobs()
  signIn(other)
  goOffline()
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByText('You are offline.')).toHaveAttribute('role', 'status')
  expect(screen.getByText('Loading saved jobs...')).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Backend Developer' })).not.toBeInTheDocument()
})

test('nothing is kept on the device for a guest', async () => {
  const guest = renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  guest.unmount()
  expect(keptKeys()).toEqual([])
})

test('logging out removes what was kept on the device', async () => {
  signIn(applicant)
  answerSaved([job({ _id: 'j1', title: 'Backend Developer' })])
  server.use(http.post('/auth/logout', ({ response }) => response(200).json({ success: true, message: 'Logged out' })))
  const { user } = renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { name: 'Backend Developer' })).toBeVisible()
  await waitFor(() => expect(keptKeys()).toEqual([`${OFFLINE_CACHE_KEY}:${applicant._id}`]))

  await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'Logout' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Logout' }))
  expect(await screen.findByText('Logged Out')).toBeInTheDocument()
  expect(keptKeys()).toEqual([])
})

test('offline, saving a job is refused with a toast, sends nothing and does not show the job as saved', async () => {
  signIn(applicant)
  const saved = answerSaved([])
  const { user } = renderApp('/job/j1')
  const save = await screen.findByRole('button', { name: 'Save Backend Developer' })
  await waitFor(() => expect(save).toBeEnabled())
  const requests = recordRequests()

  goOffline()
  await user.click(save)
  expect(await screen.findByText(OFFLINE_WRITE)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save Backend Developer' })).toHaveAttribute('aria-pressed', 'false')
  expect(requests).toEqual([])
  expect(saved.reads()).toBe(1)
})

test('offline, a message is refused with a toast, sends nothing, and stays in its box', async () => {
  signIn(applicant)
  server.use(
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1' })] })),
    http.get('/auth/applications/{applicationId}/messages', ({ response }) =>
      response(200).json({ success: true, message: 'Messages fetched successfully', messages: [message({ _id: 'm1', body: 'Hello, is the position still open?' })], hasMore: false, unread: 0, readOnly: false, me: 'applicant' }),
    ),
    http.put('/auth/applications/{applicationId}/messages/read', ({ response }) => response(200).json({ success: true, message: 'Messages marked read', marked: 0 })),
  )
  const { user } = renderApp('/dashboard/my-applications?conversation=a1')
  const dialog = within(await screen.findByRole('dialog', { name: 'Messages about Backend Developer' }))
  expect(await dialog.findByText('Hello, is the position still open?')).toBeVisible()
  const requests = recordRequests()

  goOffline()
  expect(dialog.getByText(/^You are offline; showing what you saw at \d\d:\d\d$/)).toHaveAttribute('role', 'status')
  await user.type(dialog.getByRole('textbox', { name: 'Your message' }), 'Still interested')
  await user.click(dialog.getByRole('button', { name: 'Send' }))
  expect(await screen.findByText(OFFLINE_WRITE)).toBeInTheDocument()
  expect(dialog.getByRole('textbox', { name: 'Your message' })).toHaveValue('Still interested')
  const shown = within(dialog.getByRole('list', { name: 'Messages, oldest first' })).getAllByRole('listitem')
  expect(shown.map((item) => item.textContent)).toEqual([expect.stringContaining('Hello, is the position still open?')])
  expect(requests).toEqual([])
})

test('"You are back online." is said once when the connection comes back', async () => {
  signIn(applicant)
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByText('You have not saved any jobs yet. Save one from its card or its page to find it here.')).toBeVisible()
  goOffline()
  expect(screen.getByText('You are offline; showing what you saw at', { exact: false })).toBeVisible()
  goOnline()
  expect(await screen.findByText('You are back online.')).toBeInTheDocument()
  goOnline()
  expect(screen.getAllByText('You are back online.')).toHaveLength(1)
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
})
