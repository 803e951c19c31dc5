import { act, screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { SEARCH_DEBOUNCE_MS } from '@/features/jobs/search'
import { formatShortDate } from '@/lib/format'
import { daysFromNow, PAST_DEADLINE } from '@/testing/dates'
import { job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { company } from '@/testing/companies'
import { answerCompanyProfiles } from '@/testing/company-page'
import { answerJobs, pageOf, query } from '@/testing/job-search'
import { http, server } from '@/testing/server'

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
  expect(screen.getByText('₹85,000 per month')).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('2 jobs found')
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20'])
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
})

test('typing searches once, after a pause, and puts the words in the URL', async () => {
  const requests = answerJobs((params) => ({ total: 1, data: [job({ title: params.get('q') ? 'Acme Pune job' : 'Any job' })] }))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Any job' })

  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'acme pune')
  expect(requests).toHaveLength(1)
  expect(await screen.findByRole('link', { name: 'Acme Pune job' })).toBeVisible()
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20', 'q=acme+pune&openOnly=true&page=1&limit=20'])
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
    'jobType=Full-time&openOnly=true&page=1&limit=20',
    'jobType=Full-time&jobType=Internship&openOnly=true&page=1&limit=20',
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
  expect(requests.map(query)).toEqual(['q=rust&jobType=Part-time&openOnly=true&page=2&limit=20'])
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
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20', 'openOnly=true&page=2&limit=20'])
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
  expect(requests.map(query)).toEqual(['openOnly=true&page=3&limit=20', 'openOnly=true&page=2&limit=20'])
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
  expect(requests.map(query)).toEqual(['openOnly=true&page=9&limit=20', 'openOnly=true&page=3&limit=20'])
})

test('past 10,000 matches the count is the server’s estimate, said as one, and so are the filters’ counts', async () => {
  answerJobs((params) => ({
    ...pageOf(653_421)(params),
    totalExact: false,
    facets: { categories: {}, jobTypes: { 'Full-time': 412_345 }, workModes: {}, postedWithin: { '1': 9, '7': 12_345, '30': 99_999 }, exact: false },
  }))
  renderApp('/jobs')
  expect(await screen.findByText('About 6,50,000 jobs found')).toBeVisible()
  expect(screen.getByRole('checkbox', { name: 'Full-time (about 4,10,000)' })).toBeInTheDocument()
  expect(screen.getByRole('option', { name: 'Last 7 days (about 12,000)' })).toBeInTheDocument()
  expect(screen.getByText('Page 1 of 500')).toBeVisible()
})

test('when the server stops counting, Next stays enabled on the last counted page', async () => {
  answerJobs((params) => ({ ...pageOf(1000)(params), totalCapped: true }))
  renderApp('/jobs?page=50')
  expect(await screen.findByText('Page 50 of 50+')).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('More than 1000 jobs found')
  expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled()
})

test('the pages stop at the 10,000th result, where the server stops serving them, and the page says why', async () => {
  const requests = answerJobs(pageOf(12345))
  renderApp('/jobs?page=600')
  expect(await screen.findByText('Page 500 of 500')).toBeVisible()
  // A link past the last page the server serves asks for that last page instead.
  expect(requests.map(query)).toEqual(['openOnly=true&page=500&limit=20'])
  expect(screen.getByRole('status')).toHaveTextContent('12345 jobs found')
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
  expect(screen.getByText('Results stop at 10000: narrow the search to see more')).toBeVisible()
})

test('a failed search shows "Could Not Fetch Jobs"', async () => {
  server.use(http.get('/jobs/alljobs', async ({ response }) => {
    await delay(10)
    return response(400).json({ success: false, message: 'page must be a whole number from 1' })
  }))
  renderApp('/jobs')
  // Once as the toast and once as the page's status.
  await waitFor(() => expect(screen.getAllByText('Could Not Fetch Jobs')).toHaveLength(2))
  expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
})

/** Waits out the typing pause, so a search that was going to be made has been made. */
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200)))

test('by default only open jobs are asked for; "Show closed jobs" asks for all and puts closed=1 in the URL', async () => {
  const requests = answerJobs(pageOf(45))
  const { router, user } = renderApp('/jobs?q=rust&page=2')
  await screen.findByRole('link', { name: 'Job 21' })
  const closed = screen.getByRole('checkbox', { name: 'Show closed jobs' })
  expect(closed).not.toBeChecked()

  await user.click(closed)
  expect(closed).toBeChecked()
  await waitFor(() => expect(requests).toHaveLength(2))
  expect(requests.map(query)).toEqual(['q=rust&openOnly=true&page=2&limit=20', 'q=rust&page=1&limit=20'])
  expect(router.state.location.search).toBe('?q=rust&closed=1')

  await user.click(closed)
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust'))
  expect(closed).not.toBeChecked()
  expect(requests.map(query).at(-1)).toBe('q=rust&openOnly=true&page=1&limit=20')
})

test('each chosen filter goes into the request and the URL, and each change starts again from page 1', async () => {
  const requests = answerJobs(pageOf(45))
  const asked = (expected: string) => waitFor(() => expect(requests.map(query).at(-1)).toBe(expected))
  const { router, user } = renderApp('/jobs?q=rust&page=2')
  await screen.findByRole('link', { name: 'Job 21' })
  await screen.findByRole('option', { name: 'Engineering' })

  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Engineering')
  await asked('q=rust&category=c1&openOnly=true&page=1&limit=20')
  expect(router.state.location.search).toBe('?q=rust&category=c1')

  await user.selectOptions(screen.getByRole('combobox', { name: 'Posted within' }), 'Last 7 days')
  await asked('q=rust&category=c1&postedWithin=7&openOnly=true&page=1&limit=20')

  await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest')
  await asked('q=rust&category=c1&postedWithin=7&sort=newest&openOnly=true&page=1&limit=20')
  expect(router.state.location.search).toBe('?q=rust&category=c1&postedWithin=7&sort=newest')
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Engineering')
  expect(screen.getByRole('combobox', { name: 'Posted within' })).toHaveDisplayValue('Last 7 days')
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest')

  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All categories')
  await asked('q=rust&postedWithin=7&sort=newest&openOnly=true&page=1&limit=20')
  expect(router.state.location.search).toBe('?q=rust&postedWithin=7&sort=newest')
})

test('a typed location and minimum salary are searched after a pause, into the request and the URL, from page 1', async () => {
  const requests = answerJobs(pageOf(45))
  const asked = (expected: string) => waitFor(() => expect(requests.map(query).at(-1)).toBe(expected))
  const { router, user } = renderApp('/jobs?page=2')
  await screen.findByRole('link', { name: 'Job 21' })

  await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Pune')
  await asked('location=Pune&openOnly=true&page=1&limit=20')
  expect(router.state.location.search).toBe('?location=Pune')

  await user.type(screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' }), '50000')
  await asked('location=Pune&salaryMin=50000&openOnly=true&page=1&limit=20')
  expect(router.state.location.search).toBe('?location=Pune&salaryMin=50000')
})

test('a filter chosen while a typed one waits for its pause keeps both', async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Pune')
  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  await pause()
  expect(router.state.location.search).toBe('?jobType=Internship&location=Pune')
  expect(requests.map(query).at(-1)).toBe('jobType=Internship&location=Pune&openOnly=true&page=1&limit=20')
})

test('Enter searches every typed box at once, without waiting for the pause', async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust')
  await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Delhi{Enter}')
  expect(router.state.location.search).toBe('?q=rust&location=Delhi')
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&location=Delhi&openOnly=true&page=1&limit=20'))
})

test('"Sort by" is offered only when there are words, and without words no sort is asked for', async () => {
  const requests = answerJobs(() => ({ total: 0, data: [] }))
  const { router, user } = renderApp('/jobs?sort=newest')
  await screen.findByText('No jobs found for your search.')
  expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20'])

  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust{Enter}')
  expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Best match')
  expect(router.state.location.search).toBe('?q=rust')
})

test('a shared link with every filter fills every control and asks for exactly that', async () => {
  const requests = answerJobs(pageOf(45))
  renderApp('/jobs?q=rust&jobType=Internship&category=c2&location=Pune&salaryMin=30000&postedWithin=30&sort=newest&closed=1&page=2')
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  await screen.findByRole('option', { name: 'Information Technology' })
  expect(requests.map(query)).toEqual(['q=rust&jobType=Internship&category=c2&location=Pune&salaryMin=30000&postedWithin=30&sort=newest&page=2&limit=20'])
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust')
  expect(screen.getByRole('checkbox', { name: 'Internship' })).toBeChecked()
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Information Technology')
  expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Pune')
  expect(screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })).toHaveValue(30000)
  expect(screen.getByRole('combobox', { name: 'Posted within' })).toHaveDisplayValue('Last 30 days')
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest')
  expect(screen.getByRole('checkbox', { name: 'Show closed jobs' })).toBeChecked()
})

test('filter values the server would refuse are left out of a shared link', async () => {
  const requests = answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/jobs?salaryMin=-5&postedWithin=2&sort=oldest&closed=yes')
  await screen.findByText('No jobs found for your search.')
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20'])
  expect(screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })).toHaveValue(null)
  expect(screen.getByRole('combobox', { name: 'Posted within' })).toHaveDisplayValue('Any time')
})

test('a salary that is not a whole number says so and is not searched', async () => {
  const requests = answerJobs(() => ({ total: 0, data: [] }))
  const { router, user } = renderApp('/jobs')
  await screen.findByText('No jobs found for your search.')
  const salary = screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })
  await user.type(salary, '-5')
  expect(screen.getByText('Enter a whole number of rupees')).toBeVisible()
  expect(salary).toHaveAccessibleDescription('Enter a whole number of rupees')
  await pause()
  expect(requests).toHaveLength(1)

  await user.clear(salary)
  await user.type(salary, '40000')
  expect(screen.queryByText('Enter a whole number of rupees')).not.toBeInTheDocument()
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('salaryMin=40000&openOnly=true&page=1&limit=20'))
  expect(requests).toHaveLength(2)
  expect(router.state.location.search).toBe('?salaryMin=40000')
})

test('going back in history puts the earlier location and salary back in their boxes', async () => {
  answerJobs(() => ({ total: 0, data: [] }))
  const { router } = renderApp('/jobs?location=Pune&salaryMin=30000')
  const location = await screen.findByRole('textbox', { name: 'Location' })
  const salary = screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })
  await act(() => router.navigate('/jobs?location=Delhi'))
  await waitFor(() => expect(location).toHaveValue('Delhi'))
  expect(salary).toHaveValue(null)
})

test('the facet counts show beside each job type and work mode and in each category and posting date, a value they leave out with 0', async () => {
  answerJobs(() => ({
    total: 1239,
    data: [job()],
    facets: {
      categories: { c1: 56 },
      jobTypes: { 'Full-time': 1234, Internship: 5 },
      workModes: { 'On-site': 1200, Remote: 39 },
      postedWithin: { '1': 3, '7': 12, '30': 1100 },
      exact: true,
    },
  }))
  renderApp('/jobs')
  expect(await screen.findByRole('checkbox', { name: 'Full-time (1,234)' })).not.toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Part-time (0)' })).toBeVisible()
  expect(screen.getByRole('checkbox', { name: 'Internship (5)' })).toBeVisible()
  expect(screen.getByRole('checkbox', { name: 'On-site (1,200)' })).not.toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Hybrid (0)' })).toBeVisible()
  expect(screen.getByRole('checkbox', { name: 'Remote (39)' })).toBeVisible()
  await screen.findByRole('option', { name: 'Engineering (56)' })
  const options = within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole('option')
  expect(options.map((option) => option.textContent)).toEqual(['All categories', 'Engineering (56)', 'Information Technology (0)'])
  const posted = within(screen.getByRole('combobox', { name: 'Posted within' })).getAllByRole('option')
  expect(posted.map((option) => option.textContent)).toEqual(['Any time', 'Last 24 hours (3)', 'Last 7 days (12)', 'Last 30 days (1,100)'])
})

test('a chosen work mode and posting date keep showing their counts, and choosing one sends the filter', async () => {
  const requests = answerJobs((params) => ({
    total: params.get('workMode') === 'Remote' ? 2 : 5,
    data: [job()],
    facets: {
      categories: {},
      jobTypes: {},
      workModes: { Hybrid: 3, Remote: 2 },
      postedWithin: { '1': params.get('workMode') === 'Remote' ? 1 : 2, '7': 5, '30': 5 },
      exact: true,
    },
  }))
  const { router, user } = renderApp('/jobs?postedWithin=7')
  const posted = await screen.findByRole('combobox', { name: 'Posted within' })
  await waitFor(() => expect(posted).toHaveDisplayValue('Last 7 days (5)'))
  await user.click(await screen.findByRole('checkbox', { name: 'Remote (2)' }))
  await waitFor(() => expect(router.state.location.search).toBe('?workMode=Remote&postedWithin=7'))
  expect(requests.at(-1)?.getAll('workMode')).toEqual(['Remote'])
  expect(await screen.findByRole('option', { name: 'Last 24 hours (1)' })).toBeInTheDocument()
  expect(screen.getByRole('checkbox', { name: 'Remote (2)' })).toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Hybrid (3)' })).not.toBeChecked()
})

test('without facets the filters show their names alone', async () => {
  answerJobs(() => ({ total: 1, data: [job()] }))
  renderApp('/jobs')
  await screen.findByRole('link', { name: 'Backend Developer' })
  await screen.findByRole('option', { name: 'Engineering' })
  expect(screen.getByRole('checkbox', { name: 'Full-time' })).toBeVisible()
  const options = within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole('option')
  expect(options.map((option) => option.textContent)).toEqual(['All categories', 'Engineering', 'Information Technology'])
})

test('a corrected spelling reads "Showing results for engineer. Search instead for enginer", and the second searches the words as typed', async () => {
  const requests = answerJobs((params) =>
    params.get('asTyped') === 'true'
      ? { total: 0, data: [] }
      : { total: 1, data: [job({ title: 'Backend Engineer' })], correctedQuery: 'engineer' })
  const { router, user } = renderApp('/jobs?q=enginer')
  const corrected = await screen.findByText('engineer', { selector: 'strong' })
  expect(corrected.parentElement).toHaveTextContent(/^Showing results for engineer\. Search instead for enginer$/)
  expect(corrected).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Search for engineer instead' })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Search instead for enginer' }))
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument()
  expect(router.state.location.search).toBe('?q=enginer&asTyped=1')
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('enginer')
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(requests.map(query)).toEqual([
    'q=enginer&openOnly=true&page=1&limit=20',
    'q=enginer&openOnly=true&asTyped=true&page=1&limit=20',
  ])
})

test('new words are corrected again after a correction was turned down', async () => {
  const requests = answerJobs(() => ({ total: 1, data: [job({ title: 'Backend Engineer' })] }))
  const { router, user } = renderApp('/jobs?q=enginer&asTyped=1')
  await screen.findByRole('link', { name: 'Backend Engineer' })
  const box = screen.getByRole('searchbox', { name: 'Search jobs' })
  await user.clear(box)
  await user.type(box, 'devloper{Enter}')
  await waitFor(() => expect(router.state.location.search).toBe('?q=devloper'))
  expect(requests.map(query).at(-1)).toBe('q=devloper&openOnly=true&page=1&limit=20')
})

test('"Clear filters" turns every filter off, keeps the words and the order, and stays focused, saying there is nothing left to clear', async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/jobs?q=rust&jobType=Internship&workMode=Remote&category=c1&location=Pune&salaryMin=30000&postedWithin=7&sort=newest&closed=1&page=2')
  await screen.findByRole('link', { name: 'Job 1' })
  const clear = screen.getByRole('button', { name: 'Clear filters' })
  expect(clear).toHaveAttribute('aria-disabled', 'false')

  await user.click(clear)
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&sort=newest'))
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&sort=newest&openOnly=true&page=1&limit=20'))
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust')
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('All categories')
  expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('')
  expect(screen.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })).toHaveValue(null)
  expect(screen.getByRole('combobox', { name: 'Posted within' })).toHaveDisplayValue('Any time')
  expect(screen.getByRole('checkbox', { name: 'Internship' })).not.toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Remote' })).not.toBeChecked()
  expect(screen.getByRole('checkbox', { name: 'Show closed jobs' })).not.toBeChecked()
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest')
  expect(clear).toHaveFocus()
  expect(clear).toHaveAttribute('aria-disabled', 'true')

  // With nothing to clear, it does nothing.
  await user.click(clear)
  await pause()
  expect(router.state.location.search).toBe('?q=rust&sort=newest')
})

test('"Clear filters" also clears a location typed but not yet searched, so its pause does not bring it back', async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Pune')
  await user.click(screen.getByRole('button', { name: 'Clear filters' }))
  await pause()
  expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('')
  expect(router.state.location.search).toBe('')
  expect(requests.map(query)).toEqual(['openOnly=true&page=1&limit=20'])
})

test('when nothing is found, "Remove filter" turns off the filter turned on last, and "Search all jobs for “rust”" links to the words alone', async () => {
  answerJobs((params) => (params.has('jobType') && params.has('workMode') ? { total: 0, data: [] } : pageOf(3)(params)))
  const { router, user } = renderApp('/jobs?q=rust')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.queryByRole('button', { name: /^Remove filter/ })).not.toBeInTheDocument()

  // Turned on in the opposite order to the one they are shown in.
  await user.click(screen.getByRole('checkbox', { name: 'Remote' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&workMode=Remote'))
  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Search all jobs for “rust”' })).toHaveAttribute('href', '/jobs?q=rust')

  await user.click(screen.getByRole('button', { name: 'Remove filter: Internship' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&workMode=Remote'))
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(screen.queryByRole('link', { name: 'Search all jobs for “rust”' })).not.toBeInTheDocument()
})

test('a shared link that finds nothing offers to remove its filters one at a time, the last shown first, by their names', async () => {
  answerJobs((params) => (params.has('salaryMin') ? { total: 0, data: [] } : params.has('category') ? { total: 0, data: [] } : pageOf(3)(params)))
  const { router, user } = renderApp('/jobs?category=c1&salaryMin=90000&closed=1')
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  // Without words there is no wider search of them; showing closed jobs too is never what hides them.
  expect(screen.queryByRole('link', { name: /^Search all jobs/ })).not.toBeInTheDocument()

  await user.click(await screen.findByRole('button', { name: 'Remove filter: At least ₹90,000 per month' }))
  await waitFor(() => expect(router.state.location.search).toBe('?category=c1&closed=1'))
  await user.click(await screen.findByRole('button', { name: 'Remove filter: Engineering' }))
  await waitFor(() => expect(router.state.location.search).toBe('?closed=1'))
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
})

test('on a desktop the filters are a rail headed "Filters" between the search box and the results, with Clear filters and Save this search, and no Filters button', async () => {
  answerJobs(pageOf(3))
  renderApp('/jobs?q=rust')
  await screen.findByRole('link', { name: 'Job 1' })
  const rail = screen.getByRole('region', { name: 'Filters' })
  for (const name of ['Category', 'Posted within', 'Sort by']) expect(within(rail).getByRole('combobox', { name })).toBeVisible()
  expect(within(rail).getByRole('textbox', { name: 'Location' })).toBeVisible()
  expect(within(rail).getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })).toBeVisible()
  for (const name of ['Full-time', 'Part-time', 'Internship', 'On-site', 'Hybrid', 'Remote', 'Show closed jobs']) expect(within(rail).getByRole('checkbox', { name })).toBeVisible()
  expect(within(rail).getByRole('button', { name: 'Clear filters' })).toBeVisible()
  expect(within(rail).getByRole('link', { name: 'Log in to save this search' })).toHaveAttribute('href', '/login?next=/jobs%3Fq%3Drust')
  expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument()
  // The headings go in order: the page's, the rail's, the results' and then each card's.
  expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`).slice(0, 4)).toEqual(['H1 Jobs', 'H2 Filters', 'H2 Results', 'H3 Job 1'])
  const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  expect(follows(screen.getByRole('searchbox', { name: 'Search jobs' }), rail)).toBe(true)
})

test("Enter in the rail's minimum salary searches every typed box at once, the words too", async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust')
  await user.type(within(screen.getByRole('region', { name: 'Filters' })).getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' }), '30000{Enter}')
  expect(router.state.location.search).toBe('?q=rust&salaryMin=30000')
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&salaryMin=30000&openOnly=true&page=1&limit=20'))
})

test('on a tablet, narrower than a desktop, the filters wait behind the Filters button as on a phone', async () => {
  window.innerWidth = 820
  answerJobs(pageOf(3))
  const { user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument()
  expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Filters' }))
  expect(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('combobox', { name: 'Category' })).toBeVisible()
})

/** The window of a phone held upright: narrower than Tailwind's `md`. */
const phone = () => {
  window.innerWidth = 390
}

test('on a phone the search box comes first, then the count, then the results; the filters wait behind a Filters button', async () => {
  phone()
  answerJobs(pageOf(3))
  renderApp('/jobs?q=rust')
  const first = await screen.findByRole('link', { name: 'Job 1' })
  const box = screen.getByRole('searchbox', { name: 'Search jobs' })
  const count = screen.getByText('3 jobs found')
  const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  expect(follows(box, count)).toBe(true)
  expect(follows(count, first)).toBe(true)
  for (const name of ['Category', 'Posted within', 'Sort by']) expect(screen.queryByRole('combobox', { name })).not.toBeInTheDocument()
  expect(screen.queryByRole('checkbox', { name: 'Full-time' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-haspopup', 'dialog')
})

test('on a phone the Filters button counts the filters a link has, each job type and work mode one of its own', async () => {
  phone()
  answerJobs(pageOf(3))
  renderApp('/jobs?q=rust&jobType=Internship&jobType=Part-time&location=Pune&sort=newest')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeVisible()
})

test('the Filters sheet is a modal dialog named Filters: focus moves in and stays in, and Escape or Close gives it back to the button', async () => {
  phone()
  answerJobs(pageOf(3))
  const { user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  const button = screen.getByRole('button', { name: 'Filters' })
  button.focus()
  await user.keyboard('{Enter}')
  const sheet = screen.getByRole('dialog', { name: 'Filters' })
  expect(sheet).toHaveAttribute('aria-modal', 'true')
  const close = within(sheet).getByRole('button', { name: 'Close' })
  expect(close).toHaveFocus()
  for (const name of ['Category', 'Posted within']) expect(within(sheet).getByRole('combobox', { name })).toBeVisible()
  expect(within(sheet).getByRole('checkbox', { name: 'Full-time' })).toBeVisible()

  await user.tab({ shift: true })
  expect(within(sheet).getByRole('button', { name: 'Show 3 jobs' })).toHaveFocus()
  await user.tab()
  expect(close).toHaveFocus()

  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(button).toHaveFocus()

  await user.keyboard('{Enter}')
  await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(button).toHaveFocus()
})

test('a filter chosen in the sheet applies at once; "Show 1 job" closes the sheet onto the results and the button says "Filters (1)"; "Clear filters" keeps the words', async () => {
  phone()
  const requests = answerJobs((params) => pageOf(params.has('jobType') ? 1 : 3)(params))
  const { router, user } = renderApp('/jobs?q=rust')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('button', { name: 'Filters' }))
  const sheet = screen.getByRole('dialog', { name: 'Filters' })
  await user.click(within(sheet).getByRole('checkbox', { name: 'Internship' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&jobType=Internship'))
  await user.click(await within(sheet).findByRole('button', { name: 'Show 1 job' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  const button = screen.getByRole('button', { name: 'Filters (1)' })
  expect(button).toHaveFocus()
  expect(screen.getByText('1 job found')).toBeVisible()
  expect(requests.map(query).at(-1)).toBe('q=rust&jobType=Internship&openOnly=true&page=1&limit=20')

  await user.click(button)
  const again = screen.getByRole('dialog', { name: 'Filters' })
  expect(within(again).getByRole('checkbox', { name: 'Internship' })).toBeChecked()
  await user.click(within(again).getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust'))
  expect(within(again).getByRole('checkbox', { name: 'Internship' })).not.toBeChecked()
  expect(within(again).getByRole('button', { name: 'Clear filters' })).toHaveFocus()
  await user.click(await within(again).findByRole('button', { name: 'Show 3 jobs' }))
  expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus()
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust')
})

test("a location typed in the sheet is searched when the sheet's button closes it, without waiting for the pause", async () => {
  phone()
  answerJobs(pageOf(3))
  const { router, user } = renderApp('/jobs')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('button', { name: 'Filters' }))
  const sheet = screen.getByRole('dialog', { name: 'Filters' })
  await user.type(within(sheet).getByRole('textbox', { name: 'Location' }), 'Pune{Enter}')
  expect(router.state.location.search).toBe('?location=Pune')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus()
})

const marks = (element: HTMLElement) => Array.from(element.querySelectorAll('mark'), (mark) => mark.textContent)

test('the matched words of a title are marked, counting offsets in UTF-16 code units, and bad ranges are ignored', async () => {
  answerJobs(() => ({
    total: 3,
    data: [
      // "🚀" is two UTF-16 code units, so "Rust" starts at 3.
      job({ _id: 'rocket', title: '🚀 Rust Engineer', titleMatches: [[3, 7], [8, 16]] }),
      job({ _id: 'data', title: 'Data Analyst', titleMatches: [[0, 4], [10, 99]] }),
      job({ _id: 'plain', title: 'Backend Developer' }),
    ],
  }))
  renderApp('/jobs?q=rust')
  const rocket = await screen.findByRole('link', { name: '🚀 Rust Engineer' })
  expect(marks(rocket)).toEqual(['Rust', 'Engineer'])
  expect(rocket).toHaveTextContent('🚀 Rust Engineer')

  const data = screen.getByRole('link', { name: 'Data Analyst' })
  expect(marks(data)).toEqual(['Data'])
  expect(data).toHaveTextContent('Data Analyst')

  expect(marks(screen.getByRole('link', { name: 'Backend Developer' }))).toEqual([])
})

test('a job whose deadline has passed shows a "Closed" badge; an open one does not', async () => {
  answerJobs(() => ({
    total: 2,
    data: [job({ _id: 'old', title: 'Archive Clerk', deadline: PAST_DEADLINE }), job({ _id: 'new', title: 'Backend Developer' })],
  }))
  renderApp('/jobs?closed=1')
  const old = (await screen.findByRole('link', { name: 'Archive Clerk' })).closest('article')!
  expect(within(old).getByText('Closed')).toBeVisible()
  const open = screen.getByRole('link', { name: 'Backend Developer' }).closest('article')!
  expect(within(open).queryByText('Closed')).not.toBeInTheDocument()
})

test('while the first page loads, the list is busy with placeholder cards hidden from assistive technology, and the cards take their place', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  answerJobs(async (params) => {
    await held
    return pageOf(2)(params)
  })
  renderApp('/jobs')
  const list = await screen.findByRole('list', { name: 'Results' })
  expect(list).toHaveAttribute('aria-busy', 'true')
  const placeholders = list.querySelectorAll('li')
  expect(placeholders).toHaveLength(6)
  for (const placeholder of placeholders) expect(placeholder).toHaveAttribute('aria-hidden', 'true')
  // Nothing in them is announced: the list has no items and no links for a screen reader.
  expect(within(list).queryAllByRole('listitem')).toHaveLength(0)
  expect(screen.getByRole('status')).toHaveTextContent('Loading jobs...')

  release()
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
  const results = screen.getByRole('list', { name: 'Results' })
  expect(results).toHaveAttribute('aria-busy', 'false')
  expect(within(results).getAllByRole('listitem')).toHaveLength(2)
})

test('a failed first load leaves no placeholder cards behind', async () => {
  server.use(http.get('/jobs/alljobs', ({ response }) => response(503).json({ success: false, message: 'Database unavailable' })))
  renderApp('/jobs')
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible()
  expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument()
})

test('every card shows how long ago the job was posted ("today", "1 day", "N days") and "Apply by <date>"', async () => {
  const deadlines = { fresh: daysFromNow(1), dayOld: daysFromNow(45), older: daysFromNow(200) }
  answerJobs(() => ({
    total: 3,
    data: [
      job({ _id: 'a', title: 'Fresh Job', dateOfPosting: daysFromNow(0), deadline: deadlines.fresh }),
      job({ _id: 'b', title: 'Day Old Job', dateOfPosting: daysFromNow(-1), deadline: deadlines.dayOld }),
      job({ _id: 'c', title: 'Older Job', dateOfPosting: daysFromNow(-12), deadline: deadlines.older }),
    ],
  }))
  renderApp('/jobs')
  const card = async (title: string) => within((await screen.findByRole('link', { name: title })).closest('article')!)
  expect((await card('Fresh Job')).getByText('Posted today')).toBeVisible()
  expect((await card('Fresh Job')).getByText(`Apply by ${formatShortDate(deadlines.fresh)}`)).toBeVisible()
  expect((await card('Day Old Job')).getByText('Posted 1 day ago')).toBeVisible()
  expect((await card('Day Old Job')).getByText(`Apply by ${formatShortDate(deadlines.dayOld)}`)).toBeVisible()
  expect((await card('Older Job')).getByText('Posted 12 days ago')).toBeVisible()
  expect((await card('Older Job')).getByText(`Apply by ${formatShortDate(deadlines.older)}`)).toBeVisible()
})

test('a job with all the applications it accepts is also marked "Closed"', async () => {
  answerJobs(() => ({ total: 1, data: [job({ title: 'Popular Job', maxApplicants: 3, applicationsCount: 3 })] }))
  renderApp('/jobs?closed=1')
  const card = (await screen.findByRole('link', { name: 'Popular Job' })).closest('article')!
  expect(within(card).getByText('Closed')).toBeVisible()
})

test('a work mode narrows the search from page 1 and stays in the URL; cards show the mode and the salary range', async () => {
  const requests = answerJobs(() => ({ total: 1, data: [job({ title: 'Remote Role', workMode: 'Remote', salary: 40000, salaryMax: 95000 })] }))
  const { router, user } = renderApp('/jobs?page=2&workMode=Moon')
  const card = (await screen.findByRole('link', { name: 'Remote Role' })).closest('article')!
  expect(within(card).getByText('Work mode').nextElementSibling).toHaveTextContent('Remote')
  expect(within(card).getByText('₹40,000 – ₹95,000 per month')).toBeVisible()
  expect(requests.map(query)[0]).toBe('openOnly=true&page=2&limit=20')

  await user.click(screen.getByRole('checkbox', { name: 'Remote' }))
  await user.click(screen.getByRole('checkbox', { name: 'Hybrid' }))
  await waitFor(() => expect(router.state.location.search).toBe('?workMode=Remote&workMode=Hybrid'))
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('workMode=Hybrid&workMode=Remote&openOnly=true&page=1&limit=20'))
})

test("a link narrowed to a company asks for its jobs only and shows the filter as a chip named by the company's name", async () => {
  answerCompanyProfiles(company())
  const requests = answerJobs(pageOf(3))
  renderApp('/jobs?company=acme')
  const chip = await screen.findByRole('button', { name: 'Remove filter: Company: Acme' })
  expect(chip).toHaveTextContent('Company: Acme')
  expect(requests.map(query)).toEqual(['company=acme&openOnly=true&page=1&limit=20'])
  expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveAttribute('aria-disabled', 'false')
})

test('pressing the company chip drops the company from the address and the request, and moves the focus to the results', async () => {
  answerCompanyProfiles(company())
  const requests = answerJobs(pageOf(3))
  const { router, user } = renderApp('/jobs?q=rust&company=acme&workMode=Remote')
  await user.click(await screen.findByRole('button', { name: 'Remove filter: Company: Acme' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&workMode=Remote'))
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&workMode=Remote&openOnly=true&page=1&limit=20'))
  expect(screen.queryByRole('button', { name: /^Remove filter/ })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(screen.getByRole('checkbox', { name: 'Remote' })).toBeChecked()
})

test('a company whose profile cannot be had is named on its chip by its slug, with no toast', async () => {
  answerCompanyProfiles()
  answerJobs(pageOf(3))
  renderApp('/jobs?company=gone-co')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(await screen.findByRole('button', { name: 'Remove filter: Company: gone-co' })).toHaveTextContent('Company: gone-co')
  expect(screen.queryByText('Company not found')).not.toBeInTheDocument()
})

test('"Clear filters" turns the company filter off too, and the Filters button on a phone counts it', async () => {
  window.innerWidth = 390
  answerCompanyProfiles(company())
  const requests = answerJobs(pageOf(3))
  const { router, user } = renderApp('/jobs?company=acme')
  await screen.findByRole('button', { name: 'Remove filter: Company: Acme' })
  await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(router.state.location.search).toBe(''))
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('openOnly=true&page=1&limit=20'))
})

test("a company that finds nothing offers to remove it by the company's name", async () => {
  answerCompanyProfiles(company())
  answerJobs((params) => (params.has('company') ? { total: 0, data: [] } : pageOf(3)(params)))
  const { router, user } = renderApp('/jobs?company=acme')
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  // The chip under the search box, and the offer beside the count.
  const offers = () => screen.getAllByRole('button', { name: 'Remove filter: Company: Acme' })
  await waitFor(() => expect(offers().map((offer) => offer.textContent)).toEqual(['Company: Acme', 'Remove filter: Company: Acme']))
  await user.click(offers()[1])
  await waitFor(() => expect(router.state.location.search).toBe(''))
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
})

test("a card's company name links to the company's page, outside the title's link; without a page it is plain text", async () => {
  answerCompanyProfiles(company())
  answerJobs(() => ({
    total: 2,
    data: [job({ _id: 'a', title: 'Anvil Tester', company: 'Acme', companySlug: 'acme' }), job({ _id: 'b', title: 'Design Intern', company: 'Initech', companySlug: null })],
  }))
  const { router, user } = renderApp('/jobs')
  const link = await screen.findByRole('link', { name: 'Acme' })
  expect(link).toHaveAttribute('href', '/company/acme')
  expect(link.parentElement?.closest('a')).toBeNull()
  expect(screen.getByText('Initech').closest('a')).toBeNull()
  expect(screen.queryByRole('link', { name: 'Initech' })).not.toBeInTheDocument()

  await user.click(link)
  await waitFor(() => expect(router.state.location.pathname).toBe('/company/acme'))
  expect(await screen.findByRole('link', { name: 'acme.example' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
})
