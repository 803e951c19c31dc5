import { act, screen, waitFor, within } from '@testing-library/react'
import { notificationsQueryOptions } from '@/features/notifications/api/notifications'
import type { Notification } from '@/features/notifications/types'
import { CLOSED_AT } from '@/testing/dates'
import { job, notification, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { eventStream, http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { answerCompany, company } from '@/testing/companies'
import { acmeTeam, answerCompanyJobs, answerTeam } from '@/testing/teams'

function answerJobs() {
  let jobs = [job(), job({ _id: 'j2', title: 'Frontend Developer' })]
  const deleted: string[] = []
  server.use(
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: jobs })),
    http.delete('/jobs/deleteJob/{jobId}', ({ params, response }) => {
      deleted.push(params.jobId as string)
      jobs = jobs.filter((each) => each._id !== params.jobId)
      return response(200).json({ success: true, message: 'Job deleted successfully' })
    }),
  )
  return deleted
}

test('My Jobs lists the jobs with Edit, Delete and Applications, and an "Add Jobs" button', async () => {
  answerJobs()
  signIn(recruiter)
  renderApp('/dashboard/my-jobs')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(await screen.findByRole('link', { name: 'Add Jobs' })).toHaveAttribute('href', '/dashboard/add-job')
  const list = within(await screen.findByRole('list', { name: 'Jobs' }))
  expect(list.getAllByRole('article')).toHaveLength(2)
  expect(list.getByRole('link', { name: 'Edit Backend Developer' })).toHaveAttribute('href', '/dashboard/edit-job/j1')
  expect(list.getByRole('link', { name: 'Applications for Backend Developer' })).toHaveAttribute('href', '/dashboard/job/applications/j1')
  expect(list.getByRole('button', { name: 'Delete Frontend Developer' })).toBeVisible()
})

test('Delete asks for confirmation first; Cancel keeps the job', async () => {
  const deleted = answerJobs()
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-jobs')
  const remove = await screen.findByRole('button', { name: 'Delete Backend Developer' })
  await user.click(remove)
  const dialog = within(screen.getByRole('dialog', { name: 'Delete this job?' }))
  expect(dialog.getByText('"Backend Developer" will leave every listing and take no more applications; applicants still see what they sent.')).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(remove).toHaveFocus()
  expect(deleted).toEqual([])
})

test('a confirmed delete shows "Job Deleted", the job leaves the list and the focus goes to the list heading', async () => {
  const deleted = answerJobs()
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-jobs')
  await user.click(await screen.findByRole('button', { name: 'Delete Backend Developer' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Job Deleted')).toBeInTheDocument()
  expect(deleted).toEqual(['j1'])
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Backend Developer' })).not.toBeInTheDocument())
  expect(screen.getByRole('button', { name: 'Delete Frontend Developer' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 1, name: 'My Jobs' })).toHaveFocus()
})

test('a failed delete shows "Job Not Deleted"', async () => {
  answerJobs()
  server.use(http.delete('/jobs/deleteJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-jobs')
  await user.click(await screen.findByRole('button', { name: 'Delete Backend Developer' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Job Not Deleted')).toBeInTheDocument()
})

/** Backend and Frontend Developer on My Jobs, each closed and reopened by the server when asked. */
function serveClosableJobs() {
  let jobs = [job(), job({ _id: 'j2', title: 'Frontend Developer' })]
  server.use(
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: jobs })),
    ...(['closeJob', 'reopenJob'] as const).map((action) =>
      http.put(`/jobs/${action}/{jobId}`, ({ params, response }) => {
        const closedAt = action === 'closeJob' ? CLOSED_AT : null
        jobs = jobs.map((each) => (each._id === params.jobId ? { ...each, closedAt } : each))
        const changed = jobs.find((each) => each._id === params.jobId)!
        return response(200).json({ success: true, message: closedAt ? 'Job closed' : 'Job reopened', data: changed })
      }),
    ),
  )
}

test('a job is closed to applications from My Jobs, marked Closed, and reopened', async () => {
  serveClosableJobs()
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-jobs')
  const card = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('article')!)
  expect((await card('Frontend Developer')).queryByText('Closed')).not.toBeInTheDocument()

  await user.click((await card('Frontend Developer')).getByRole('button', { name: 'Close Frontend Developer' }))
  expect(await screen.findByText('Job closed')).toBeInTheDocument()
  await waitFor(async () => expect((await card('Frontend Developer')).getByText('Closed')).toBeVisible())
  expect((await card('Backend Developer')).queryByText('Closed')).not.toBeInTheDocument()

  await user.click((await card('Frontend Developer')).getByRole('button', { name: 'Reopen Frontend Developer' }))
  expect(await screen.findByText('Job reopened')).toBeInTheDocument()
  await waitFor(async () => expect((await card('Frontend Developer')).queryByText('Closed')).not.toBeInTheDocument())
})

test('a job an admin hid says so on its card, with the reason; the others say nothing', async () => {
  server.use(
    http.get('/company/jobs', ({ response }) =>
      response(200).json({
        success: true,
        message: 'Jobs fetched',
        data: [job({ hiddenReason: 'Asks applicants for a fee' }), job({ _id: 'j2', title: 'Frontend Developer' })],
      }),
    ),
  )
  signIn(recruiter)
  renderApp('/dashboard/my-jobs')
  const card = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('article')!)
  expect((await card('Backend Developer')).getByText('Hidden by an admin: Asks applicants for a fee')).toBeVisible()
  expect((await card('Frontend Developer')).queryByText(/Hidden by an admin/)).not.toBeInTheDocument()
})

test('Close and Reopen keep the keyboard focus on the job\'s button, relabelled, not lost to the page', async () => {
  serveClosableJobs()
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-jobs')
  const close = await screen.findByRole('button', { name: 'Close Frontend Developer' })
  close.focus()
  // The server answers only once the button shows the change under way (disabled). A browser then
  // takes the focus off it to the page (the "focus fixup" rule); jsdom does not, so the test does.
  let answer!: () => void
  server.use(http.put('/jobs/closeJob/{jobId}', async () => void (await new Promise<void>((resolve) => (answer = resolve)))))
  await user.keyboard('{Enter}')
  await waitFor(() => expect(close).toBeDisabled())
  const elsewhere = document.body.appendChild(document.createElement('input'))
  elsewhere.focus()
  elsewhere.remove()
  expect(document.body).toHaveFocus()
  answer()
  expect(await screen.findByText('Job closed')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen Frontend Developer' })).toHaveFocus())
  expect(screen.getByRole('button', { name: 'Reopen Frontend Developer' })).toBe(close)

  await user.keyboard('{Enter}')
  expect(await screen.findByText('Job reopened')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('button', { name: 'Close Frontend Developer' })).toHaveFocus())
})

test("a new application told live by the notification stream refetches My Jobs' counts without a reload; a message changes none", async () => {
  let jobs = [job({ applicationsCount: 1 })]
  let jobFetches = 0
  let notifications: Notification[] = []
  const stream = eventStream()
  server.use(
    stream.handler,
    http.get('/company/jobs', ({ response }) => {
      jobFetches++
      return response(200).json({ success: true, message: 'Jobs fetched', data: jobs })
    }),
    http.get('/auth/notifications', ({ response }) =>
      response(200).json({ success: true, message: 'Notifications fetched successfully', notifications, unread: notifications.length }),
    ),
  )
  signIn(recruiter)
  const { queryClient } = renderApp('/dashboard/my-jobs')
  expect(await screen.findByText('1 of 10 applications received')).toBeVisible()
  await waitFor(() => expect(stream.connections()).toBe(1))
  const listed = () => queryClient.getQueryData(notificationsQueryOptions(recruiter._id).queryKey)?.notifications.map((each) => each._id)

  // A message is news for the bell and the conversation, not for the jobs.
  notifications = [notification({ _id: 'n1', kind: 'message', text: 'Ann Lee sent you a message about Backend Developer' })]
  act(() => stream.unread(1, 'n1'))
  await waitFor(() => expect(listed()).toEqual(['n1']))

  jobs = [job({ applicationsCount: 2 })]
  notifications = [notification({ _id: 'n2', kind: 'newApplication', text: 'Bo Kim applied for Backend Developer', link: '/dashboard/job/applications/j1' }), ...notifications]
  act(() => stream.unread(2, 'n2'))
  expect(await screen.findByText('2 of 10 applications received')).toBeVisible()
  expect(jobFetches).toBe(2)
})

const cardOf = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('article')!)

test("My Jobs lists the company's jobs (GET /company/jobs), each saying who is in charge: \"You\" for the recruiter reading, else the member's name", async () => {
  const { fetches } = answerCompanyJobs([job({ userId: recruiter._id }), job({ _id: 'j2', title: 'Frontend Developer', userId: 'u-sue' })])
  answerTeam()
  signIn(recruiter)
  renderApp('/dashboard/my-jobs')
  expect(await (await cardOf('Backend Developer')).findByText('In charge: You')).toBeVisible()
  expect(await (await cardOf('Frontend Developer')).findByText('In charge: Sue Park')).toBeVisible()
  expect(fetches()).toBe(1)
})

test.each(['owner', 'recruiter'] as const)('an %s is offered Add Jobs, and Edit, Close, Delete and Applications on every job of the company', async (role) => {
  answerCompanyJobs([job({ userId: 'u-sue' })])
  answerCompany(company(), role)
  answerTeam({ members: acmeTeam(role) })
  signIn(recruiter)
  renderApp('/dashboard/my-jobs')
  const card = await cardOf('Backend Developer')
  expect(card.getAllByRole('link').concat(card.getAllByRole('button')).map((each) => each.getAttribute('aria-label'))).toEqual(
    expect.arrayContaining(['Edit Backend Developer', 'Close Backend Developer', 'Delete Backend Developer', 'Applications for Backend Developer']),
  )
  expect(screen.getByRole('link', { name: 'Add Jobs' })).toBeVisible()
})

test('a hiring manager sees the jobs whose team they are on, with who is in charge and Applications, but no Add Jobs, Edit, Close or Delete', async () => {
  answerCompanyJobs([job({ userId: 'u-sue' })])
  answerCompany(company(), 'hiringManager')
  answerTeam({ members: acmeTeam('hiringManager') })
  signIn(recruiter)
  renderApp('/dashboard/my-jobs')
  const card = await cardOf('Backend Developer')
  expect(await card.findByText('In charge: Sue Park')).toBeVisible()
  expect(card.getByText('0 of 10 applications received')).toBeVisible()
  expect(card.getByRole('link', { name: 'Applications for Backend Developer' })).toHaveAttribute('href', '/dashboard/job/applications/j1')
  expect(card.queryByRole('link', { name: 'Edit Backend Developer' })).not.toBeInTheDocument()
  expect(card.queryByRole('button', { name: 'Close Backend Developer' })).not.toBeInTheDocument()
  expect(card.queryByRole('button', { name: 'Delete Backend Developer' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Add Jobs' })).not.toBeInTheDocument()
})

test('with no jobs, an owner is told "You have not posted any jobs yet." and a hiring manager "You are not on any job\'s hiring team yet."', async () => {
  signIn(recruiter)
  const first = renderApp('/dashboard/my-jobs')
  expect(await screen.findByText('You have not posted any jobs yet.')).toBeVisible()
  first.unmount()
  answerCompany(company(), 'hiringManager')
  renderApp('/dashboard/my-jobs')
  expect(await screen.findByText("You are not on any job's hiring team yet.")).toBeVisible()
})
