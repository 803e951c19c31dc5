import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Job } from '@/features/jobs/types'
import { applicant, job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const PAST = '2026-02-01T00:00:00Z'

const answerJob = (overrides: Partial<Job> = {}) =>
  server.use(http.get(apiUrl('/jobs/getJob/j1'), () => HttpResponse.json({ success: true, message: 'Job fetched successfully', data: job(overrides) })))

test('the job page shows every detail of the job', async () => {
  answerJob({ description: 'Write Rust services.\nOn call twice a month.' })
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(document.title).toBe('Backend Developer | jobportal')
  for (const text of ['Acme', 'Pune', 'Full-time', '₹50000 per month', 'Engineering', '1 January 2026', 'Rust', 'SQL']) {
    expect(within(screen.getByRole('main')).getByText(text)).toBeVisible()
  }
  expect(screen.getByText(/On call twice a month/)).toBeVisible()
  expect(screen.getByText('Max Applications').nextElementSibling).toHaveTextContent('10')
  expect(screen.getByText('Positions').nextElementSibling).toHaveTextContent('2')
})

test('before the deadline the job page shows "Last Date to Apply: {date}"', async () => {
  answerJob()
  renderApp('/job/j1')
  expect(await screen.findByText('Last Date to Apply: 31 December 2099')).toBeVisible()
  expect(screen.queryByText('No longer accepting applications')).not.toBeInTheDocument()
})

test('after the deadline the job page shows "No longer accepting applications" in red', async () => {
  answerJob({ deadline: PAST })
  renderApp('/job/j1')
  const notice = await screen.findByText('No longer accepting applications')
  expect(notice).toHaveClass('text-red-700')
  expect(screen.queryByText(/Last Date to Apply/)).not.toBeInTheDocument()
})

test('an applicant sees Apply before the deadline', async () => {
  signIn(applicant)
  answerJob()
  renderApp('/job/j1')
  expect(await screen.findByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/job/j1#apply')
})

test('an applicant sees no Apply after the deadline', async () => {
  signIn(applicant)
  answerJob({ deadline: PAST })
  renderApp('/job/j1')
  await screen.findByText('No longer accepting applications')
  expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument()
})

test('a recruiter and a guest see no Apply', async () => {
  signIn(recruiter)
  answerJob()
  const first = renderApp('/job/j1')
  await screen.findByText('Last Date to Apply: 31 December 2099')
  expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument()
  first.unmount()
  localStorage.clear()

  renderApp('/job/j1')
  await screen.findByText('Last Date to Apply: 31 December 2099')
  expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument()
})

test('an unknown job shows the 404 page', async () => {
  server.use(http.get(apiUrl('/jobs/getJob/nope'), () => HttpResponse.json({ success: false, message: 'Job not found' }, { status: 404 })))
  renderApp('/job/nope')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('any other failure shows the message on the page and as a toast', async () => {
  server.use(http.get(apiUrl('/jobs/getJob/j1'), () => HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 })))
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this job' })).toBeVisible()
  await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2))
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
})
