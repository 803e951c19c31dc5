import { act, screen, waitFor, within } from '@testing-library/react'
import type { AdminJob } from '@/features/admin/types'
import { CLOSED_AT } from '@/testing/dates'
import { admin, adminJob } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const HIDDEN_AT = '2026-03-05T12:00:00Z'

/** The server's jobs, changed by the calls; returns the queries and bodies it received, in order. */
function answerJobs(initial: AdminJob[], { limit = 20 } = {}) {
  let jobs = [...initial]
  const sent: unknown[] = []
  const change = (id: unknown, patch: Partial<AdminJob>) => {
    jobs = jobs.map((each) => (each._id === id ? { ...each, ...patch } : each))
    return jobs.find((each) => each._id === id)!
  }
  server.use(
    http.get('/admin/jobs', ({ request, response }) => {
      const params = new URL(request.url).searchParams
      sent.push(`?${params}`)
      const q = (params.get('q') ?? '').toLowerCase()
      const page = Number(params.get('page') ?? 1)
      const found = jobs.filter((job) => (!q || job.title.toLowerCase().includes(q)) && (params.get('hidden') !== 'true' || job.hiddenAt !== null))
      return response(200).json({ success: true, message: 'Jobs fetched successfully', data: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit })
    }),
    http.put('/admin/jobs/{jobId}/hide', async ({ request, params, response }) => {
      const { reason } = (await request.json()) as { reason: string }
      sent.push({ hide: params.jobId, reason })
      return response(200).json({ success: true, message: 'Job hidden', data: change(params.jobId, { hiddenAt: HIDDEN_AT, hiddenReason: reason }) })
    }),
    http.put('/admin/jobs/{jobId}/unhide', ({ params, response }) => {
      sent.push({ unhide: params.jobId })
      return response(200).json({ success: true, message: 'Job shown', data: change(params.jobId, { hiddenAt: null, hiddenReason: null }) })
    }),
  )
  return sent
}

const JOBS = [
  adminJob(),
  adminJob({ _id: 'j2', title: 'Fee Collector', company: 'Shady Ltd', recruiterEmail: 'shady@example.com', hiddenAt: HIDDEN_AT, hiddenReason: 'Asks applicants for a fee' }),
  adminJob({ _id: 'j3', title: 'Night Porter', closedAt: CLOSED_AT }),
  adminJob({ _id: 'j4', title: 'Ghost Writer', recruiterEmail: 'gone@example.com', recruiterSuspended: true }),
]

const card = (title: string) => within(screen.getByRole('article', { name: title }))

test('Jobs lists each job with its company, recruiter and status, a hidden one with its reason, and links only the public ones', async () => {
  answerJobs(JOBS)
  signIn(admin)
  renderApp('/dashboard/admin/jobs')
  expect(await screen.findByRole('heading', { level: 1, name: 'Manage Jobs' })).toBeVisible()
  expect(await screen.findByText('4 jobs found')).toBeVisible()
  expect(card('Backend Developer').getByRole('link', { name: 'Backend Developer' })).toHaveAttribute('href', '/job/j1')
  expect(card('Backend Developer').getByText('Acme')).toBeVisible()
  expect(card('Backend Developer').getByText('raj@example.com')).toBeVisible()
  expect(card('Backend Developer').getByText('Open')).toBeVisible()
  expect(card('Backend Developer').getByRole('button', { name: 'Hide Backend Developer' })).toBeVisible()

  expect(card('Fee Collector').getByText('Hidden')).toBeVisible()
  expect(card('Fee Collector').getByText('Hidden on 5 March 2026: Asks applicants for a fee')).toBeVisible()
  expect(card('Fee Collector').queryByRole('link')).not.toBeInTheDocument()
  expect(card('Fee Collector').getByRole('button', { name: 'Unhide Fee Collector' })).toBeVisible()

  expect(card('Night Porter').getByText('Closed')).toBeVisible()
  expect(card('Ghost Writer').getByText('gone@example.com (suspended)')).toBeVisible()
  expect(card('Ghost Writer').queryByRole('link')).not.toBeInTheDocument()
})

test('the search box and "Hidden only" ask the server for q and hidden=true, kept in the address', async () => {
  const sent = answerJobs(JOBS)
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/jobs')
  await screen.findByText('4 jobs found')
  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'fee')
  await user.click(screen.getByRole('button', { name: 'Search' }))
  expect(await screen.findByText('1 job found')).toBeVisible()
  expect(router.state.location.search).toBe('?q=fee')

  await user.click(screen.getByRole('checkbox', { name: 'Hidden only' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=fee&hidden=true'))
  expect(await screen.findByRole('article', { name: 'Fee Collector' })).toBeVisible()
  await user.clear(screen.getByRole('searchbox', { name: 'Search jobs' }))
  await user.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() => expect(router.state.location.search).toBe('?hidden=true'))
  expect(sent).toEqual(['?page=1', '?page=1&q=fee', '?page=1&q=fee&hidden=true', '?page=1&hidden=true'])
})

test('results come a page at a time with Previous and Next, and a new page takes the focus to the results', async () => {
  const many = Array.from({ length: 3 }, (_, i) => adminJob({ _id: `p${i}`, title: `Job ${i + 1}` }))
  const sent = answerJobs(many, { limit: 2 })
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/jobs')
  expect(await screen.findByText('3 jobs found')).toBeVisible()
  const paging = within(screen.getByRole('navigation', { name: 'Pagination' }))
  expect(paging.getByText('Page 1 of 2')).toBeVisible()
  expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await user.click(paging.getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('article', { name: 'Job 3' })).toBeVisible()
  expect(router.state.location.search).toBe('?page=2')
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next page' })).toBeDisabled()
  expect(sent).toEqual(['?page=1', '?page=2'])
})

test('Hide asks for a reason with the server\'s rules, sends it, toasts "Job hidden" and marks the job', async () => {
  const sent = answerJobs(JOBS)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/jobs')
  const hide = await screen.findByRole('button', { name: 'Hide Backend Developer' })
  await user.click(hide)
  const dialog = within(screen.getByRole('dialog', { name: 'Hide this job?' }))
  expect(dialog.getByText('"Backend Developer" at Acme will leave every public list, search and page. Its recruiter is e-mailed the reason.')).toBeVisible()
  const reason = dialog.getByLabelText('Reason')
  expect(reason).toHaveFocus()
  await user.click(dialog.getByRole('button', { name: 'Hide job' }))
  await waitFor(() => expect(reason).toHaveAccessibleDescription('0 of 500 characters A reason is required'))

  await user.click(reason)
  await user.paste('x'.repeat(501))
  await user.click(dialog.getByRole('button', { name: 'Hide job' }))
  expect(await dialog.findByText('The reason may have at most 500 characters')).toBeVisible()
  expect(sent).toEqual(['?page=1'])

  await user.clear(reason)
  await user.type(reason, '  Asks applicants for a fee ')
  await user.click(dialog.getByRole('button', { name: 'Hide job' }))
  expect(await screen.findByText('Job hidden')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(sent).toContainEqual({ hide: 'j1', reason: 'Asks applicants for a fee' })
  expect(await card('Backend Developer').findByText('Hidden on 5 March 2026: Asks applicants for a fee')).toBeVisible()
  // The button that opened the dialog now offers Unhide, and has the focus back.
  expect(hide).toHaveAccessibleName('Unhide Backend Developer')
  expect(hide).toHaveFocus()
})

test('a Hide the server refuses keeps the dialog open with its message', async () => {
  answerJobs(JOBS)
  server.use(
    http.put('/admin/jobs/{jobId}/hide', ({ response }) => response(409).json({ success: false, message: 'The job is already hidden' })),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/jobs')
  await user.click(await screen.findByRole('button', { name: 'Hide Backend Developer' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Hide this job?' }))
  await user.type(dialog.getByLabelText('Reason'), 'Spam')
  await user.click(dialog.getByRole('button', { name: 'Hide job' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent('The job is already hidden')
})

test('a reason the server refuses is shown beside the reason', async () => {
  answerJobs(JOBS)
  server.use(
    http.put('/admin/jobs/{jobId}/hide', ({ response }) => response(400).json({ success: false, message: 'A reason is required' })),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/jobs')
  await user.click(await screen.findByRole('button', { name: 'Hide Backend Developer' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Hide this job?' }))
  await user.type(dialog.getByLabelText('Reason'), 'Spam')
  await user.click(dialog.getByRole('button', { name: 'Hide job' }))
  await waitFor(() => expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('4 of 500 characters A reason is required'))
})

test('Unhide shows the job again with "Job shown"; among hidden jobs only, it leaves the list and the focus goes to the results', async () => {
  const sent = answerJobs(JOBS)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/jobs?hidden=true')
  expect(await screen.findByText('1 job found')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Unhide Fee Collector' }))
  expect(await screen.findByText('Job shown')).toBeInTheDocument()
  expect(await screen.findByText('No jobs found.')).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(sent).toContainEqual({ unhide: 'j2' })
})

test('a refused Unhide toasts the server\'s message', async () => {
  answerJobs(JOBS)
  server.use(http.put('/admin/jobs/{jobId}/unhide', ({ response }) => response(409).json({ success: false, message: 'The job is not hidden' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/jobs')
  await user.click(await screen.findByRole('button', { name: 'Unhide Fee Collector' }))
  expect(await screen.findByText('The job is not hidden')).toBeInTheDocument()
})

test('a search the server refuses says why', async () => {
  server.use(http.get('/admin/jobs', ({ response }) => response(400).json({ success: false, message: 'hidden must be true or false' })))
  signIn(admin)
  renderApp('/dashboard/admin/jobs')
  expect(await screen.findByText('hidden must be true or false')).toBeVisible()
  expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
})

test('Back brings the previous search back into the box and the checkbox', async () => {
  answerJobs(JOBS)
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/jobs?q=fee')
  const box = await screen.findByRole('searchbox', { name: 'Search jobs' })
  expect(box).toHaveValue('fee')
  await user.click(screen.getByRole('checkbox', { name: 'Hidden only' }))
  expect(screen.getByRole('checkbox', { name: 'Hidden only' })).toBeChecked()
  await user.clear(box)
  await user.type(box, 'porter{Enter}')
  await waitFor(() => expect(router.state.location.search).toBe('?q=porter&hidden=true'))
  await act(() => router.navigate(-1))
  await waitFor(() => expect(box).toHaveValue('fee'))
  expect(screen.getByRole('checkbox', { name: 'Hidden only' })).toBeChecked()
  await act(() => router.navigate(-1))
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Hidden only' })).not.toBeChecked())
  expect(box).toHaveValue('fee')
})
