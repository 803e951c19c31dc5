import { act, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import type { Job } from '@/features/jobs/types'
import { job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'

type Answer = { data: Job[]; total: number; totalCapped?: boolean }

/** Answers /jobs/alljobs from `answer` and records every request's query, in order. */
function answerJobs(answer: (params: URLSearchParams) => Answer | Promise<Answer>) {
  const requests: URLSearchParams[] = []
  server.use(
    http.get(apiUrl('/jobs/alljobs'), async ({ request }) => {
      const params = new URL(request.url).searchParams
      requests.push(params)
      const { data, total, totalCapped = false } = await answer(params)
      return HttpResponse.json({ success: true, message: 'Jobs fetched successfully', data, total, totalCapped, page: Number(params.get('page')), limit: 20 })
    }),
  )
  return requests
}

const query = (params: URLSearchParams) => params.toString()

/** Twenty jobs per page, titled by their position in the whole list. */
const pageOf = (total: number) => (params: URLSearchParams) => {
  const page = Number(params.get('page'))
  const count = Math.max(0, Math.min(20, total - (page - 1) * 20))
  return { total, data: Array.from({ length: count }, (_, i) => job({ _id: `p${page}-${i}`, title: `Job ${(page - 1) * 20 + i + 1}` })) }
}

test('the jobs page asks the server for the first twenty jobs and shows a card per job', async () => {
  const requests = answerJobs(() => ({
    total: 2,
    data: [
      job({ _id: 'a', title: 'Backend Developer', salary: 85000 }),
      job({ _id: 'b', title: 'Design Intern', company: 'Initech', location: 'Delhi', jobType: 'Internship' }),
    ],
  }))
  renderApp('/jobs')
  expect(await screen.findByRole('link', { name: 'Backend Developer' })).toHaveAttribute('href', '/job/a')
  expect(screen.getByRole('link', { name: 'Design Intern' })).toBeVisible()
  expect(screen.getByText('₹85000 per month')).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('2 jobs found')
  expect(requests.map(query)).toEqual(['page=1&limit=20'])
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
})

test('typing searches once, after a pause, and puts the words in the URL', async () => {
  const requests = answerJobs((params) => ({ total: 1, data: [job({ title: params.get('q') ? 'Acme Pune job' : 'Any job' })] }))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Any job' })

  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'acme pune')
  expect(requests).toHaveLength(1)
  expect(await screen.findByRole('link', { name: 'Acme Pune job' })).toBeVisible()
  expect(requests.map(query)).toEqual(['page=1&limit=20', 'q=acme+pune&page=1&limit=20'])
  expect(router.state.location.search).toBe('?q=acme+pune')
})

test('checking two job types asks for both, from page 1, and puts both in the URL', async () => {
  const requests = answerJobs(pageOf(45))
  const { router, user } = renderApp('/jobs?page=2')
  await screen.findByRole('link', { name: 'Job 21' })

  await user.click(screen.getByRole('checkbox', { name: 'Full-time' }))
  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  await waitFor(() => expect(requests).toHaveLength(3))
  expect(requests.map(query).slice(1)).toEqual([
    'jobType=Full-time&page=1&limit=20',
    'jobType=Full-time&jobType=Internship&page=1&limit=20',
  ])
  expect(router.state.location.search).toBe('?jobType=Full-time&jobType=Internship')
  expect(screen.getByRole('checkbox', { name: 'Part-time' })).not.toBeChecked()

  await user.click(screen.getByRole('checkbox', { name: 'Full-time' }))
  expect(router.state.location.search).toBe('?jobType=Internship')
})

test('a shared search link fills the box, the checkboxes and the page, and asks for exactly that', async () => {
  const requests = answerJobs(pageOf(45))
  renderApp('/jobs?q=rust&jobType=Part-time&jobType=Contract&page=2')
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  expect(requests.map(query)).toEqual(['q=rust&jobType=Part-time&page=2&limit=20'])
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust')
  expect(screen.getByRole('checkbox', { name: 'Part-time' })).toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Full-time' })).not.toBeChecked()
  expect(screen.getByText('Page 2 of 3')).toBeVisible()
})

test('going back in history puts the earlier words back in the box', async () => {
  answerJobs(() => ({ total: 0, data: [] }))
  const { router, user } = renderApp('/jobs?q=rust')
  const box = await screen.findByRole('searchbox', { name: 'Search jobs' })
  await act(() => router.navigate('/jobs?q=golang'))
  await waitFor(() => expect(box).toHaveValue('golang'))
  await user.clear(box)
  await waitFor(() => expect(router.state.location.search).toBe(''))
})

test('an empty result says "No jobs found for your search."', async () => {
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/jobs?q=zzz')
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('No jobs found for your search.')
  expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument()
})

test('Next and Previous ask for the neighbouring page, and each is disabled at its end', async () => {
  const requests = answerJobs(pageOf(45))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  const paging = screen.getByRole('navigation', { name: 'Pagination' })
  expect(within(paging).getByText('Page 1 of 3')).toBeVisible()
  expect(within(paging).getByRole('button', { name: 'Previous page' })).toBeDisabled()

  await user.click(within(paging).getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  expect(requests.map(query)).toEqual(['page=1&limit=20', 'page=2&limit=20'])
  expect(router.state.location.search).toBe('?page=2')
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()

  await user.click(within(paging).getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('link', { name: 'Job 41' })).toBeVisible()
  expect(within(paging).getByText('Page 3 of 3')).toBeVisible()
  expect(within(paging).getByRole('button', { name: 'Next page' })).toBeDisabled()
  expect(screen.getByRole('status')).toHaveTextContent('45 jobs found')
})

test('Previous from page 3 asks for page 2', async () => {
  const requests = answerJobs(pageOf(45))
  const { router, user } = renderApp('/jobs?page=3')
  await screen.findByRole('link', { name: 'Job 41' })
  await user.click(screen.getByRole('button', { name: 'Previous page' }))
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  expect(requests.map(query)).toEqual(['page=3&limit=20', 'page=2&limit=20'])
  expect(router.state.location.search).toBe('?page=2')
})

test('while the next page loads, the current one stays visible and the status says "Loading jobs..."', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  answerJobs(async (params) => {
    if (params.get('page') === '2') await held
    return pageOf(45)(params)
  })
  const { user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('status')).toHaveTextContent('Loading jobs...')
  expect(screen.getByRole('link', { name: 'Job 1' })).toBeVisible()
  expect(screen.getByRole('list', { name: 'Results' })).toHaveAttribute('aria-busy', 'true')
  release()
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('45 jobs found')
})

test('a page past the last one goes to the last page', async () => {
  const requests = answerJobs(pageOf(45))
  const { router } = renderApp('/jobs?page=9')
  expect(await screen.findByRole('link', { name: 'Job 41' })).toBeVisible()
  expect(router.state.location.search).toBe('?page=3')
  expect(requests.map(query)).toEqual(['page=9&limit=20', 'page=3&limit=20'])
})

test('when the server stops counting, Next stays enabled on the last counted page', async () => {
  answerJobs((params) => ({ ...pageOf(10000)(params), totalCapped: true }))
  renderApp('/jobs?page=500')
  expect(await screen.findByText('Page 500 of 500+')).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('More than 10000 jobs found')
  expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled()
})

test('a failed search shows "Could Not Fetch Jobs"', async () => {
  server.use(http.get(apiUrl('/jobs/alljobs'), async () => {
    await delay(10)
    return HttpResponse.json({ success: false, message: 'page must be a whole number from 1' }, { status: 400 })
  }))
  renderApp('/jobs')
  // Once as the toast and once as the page's status.
  await waitFor(() => expect(screen.getAllByText('Could Not Fetch Jobs')).toHaveLength(2))
  expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
})
