import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'

const jobsAnswer = (data: ReturnType<typeof job>[]) =>
  http.get(apiUrl('/jobs/alljobs'), ({ request }) => {
    const url = new URL(request.url)
    expect(url.searchParams.get('page')).toBe('1')
    expect(url.searchParams.get('limit')).toBe('50')
    return HttpResponse.json({ success: true, message: 'ok', data, total: data.length, page: 1, limit: 50 })
  })

test('the jobs page lists every job and filters by text and type', async () => {
  server.use(
    jobsAnswer([
      job({ _id: 'a', title: 'Backend Developer', jobType: 'Full-time' }),
      job({ _id: 'b', title: 'Design Intern', company: 'Initech', location: 'Delhi', jobType: 'Internship' }),
    ]),
  )
  const { user } = renderApp('/jobs')
  expect(await screen.findByRole('link', { name: 'Backend Developer' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Design Intern' })).toBeVisible()

  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  expect(screen.queryByRole('link', { name: 'Backend Developer' })).not.toBeInTheDocument()

  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'pune')
  expect(screen.getByText('No jobs found for your search.')).toBeVisible()
})

test('the jobs page says "No jobs found for your search." when there are no jobs', async () => {
  server.use(jobsAnswer([]))
  renderApp('/jobs')
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
})

test('a failed jobs fetch shows "Could Not Fetch Jobs"', async () => {
  server.use(http.get(apiUrl('/jobs/alljobs'), () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })))
  renderApp('/jobs')
  // A toast fades in, so it is in the document before it is visible.
  expect(await screen.findByText('Could Not Fetch Jobs')).toBeInTheDocument()
})

test('the job page shows "Last Date to Apply: {date}" before the deadline', async () => {
  server.use(http.get(apiUrl('/jobs/getJob/j1'), () => HttpResponse.json({ success: true, message: 'ok', data: job() })))
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(screen.getByText('Last Date to Apply: 31 December 2099')).toBeVisible()
})

test('the job page shows "No longer accepting applications" in red after the deadline', async () => {
  server.use(
    http.get(apiUrl('/jobs/getJob/j1'), () =>
      HttpResponse.json({ success: true, message: 'ok', data: job({ deadline: '2020-01-01T00:00:00Z' }) }),
    ),
  )
  renderApp('/job/j1')
  const notice = await screen.findByText('No longer accepting applications')
  expect(notice).toHaveClass('text-red-700')
  expect(screen.queryByText(/Last Date to Apply/)).not.toBeInTheDocument()
})

test('an unknown job shows the 404 page', async () => {
  server.use(http.get(apiUrl('/jobs/getJob/nope'), () => HttpResponse.json({ success: false, message: 'Job not found' }, { status: 404 })))
  renderApp('/job/nope')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})
