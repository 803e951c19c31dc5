import { screen, waitFor, within } from '@testing-library/react'
import { delay, HttpResponse } from 'msw'
import { categories, job } from '@/testing/fixtures'
import { answerJobs, pageOf, query } from '@/testing/job-search'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

test("a category's page is the search of /jobs with that category chosen: open jobs, 20 to a page, under the category's name and title", async () => {
  const requests = answerJobs(() => ({
    total: 1,
    data: [job({ _id: 'j9', title: 'Site Reliability Engineer', company: 'Globex', location: 'Remote', jobType: 'Part-time', salary: 85000 })],
  }))
  renderApp('/category/information-technology')
  expect(await screen.findByRole('link', { name: 'Site Reliability Engineer' })).toHaveAttribute('href', '/job/j9')
  expect(screen.getByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  expect(screen.getByText('Keep the computers running.')).toBeVisible()
  expect(document.title).toBe('Information Technology jobs | jobportal')
  expect(screen.getByRole('status')).toHaveTextContent('1 job found')
  expect(screen.getByText('Globex')).toBeVisible()
  expect(screen.getByText('₹85,000 per month')).toBeVisible()
  expect(requests.map(query)).toEqual(['category=c2&openOnly=true&page=1&limit=20'])
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Information Technology')
  expect(screen.getByRole('checkbox', { name: 'Show closed jobs' })).not.toBeChecked()
})

test('an old link, in any case, still leads to the category', async () => {
  const requests = answerJobs(pageOf(1))
  renderApp('/category/Information-Technology')
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  expect(requests.map(query)).toEqual(['category=c2&openOnly=true&page=1&limit=20'])
})

test("a category's page has pages, kept in its own address", async () => {
  const requests = answerJobs(pageOf(45))
  const { router, user } = renderApp('/category/engineering')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.getByText('Page 1 of 3')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('link', { name: 'Job 21' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/category/engineering')
  expect(router.state.location.search).toBe('?page=2')
  expect(requests.map(query)).toEqual(['category=c1&openOnly=true&page=1&limit=20', 'category=c1&openOnly=true&page=2&limit=20'])
})

test("the filters narrow a category's search and stay in its address; its category is not one of them", async () => {
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/category/engineering?q=rust')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&jobType=Internship'))
  expect(router.state.location.pathname).toBe('/category/engineering')
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&jobType=Internship&category=c1&openOnly=true&page=1&limit=20'))

  // Clearing the filters keeps the words and the category.
  await user.click(screen.getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust'))
  expect(router.state.location.pathname).toBe('/category/engineering')
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Engineering')
  expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveAttribute('aria-disabled', 'true')
})

test("choosing another category goes to that category's page, and All categories to /jobs, with the words and filters", async () => {
  answerJobs(pageOf(5))
  const { router, user } = renderApp('/category/engineering?q=rust&workMode=Remote')
  await screen.findByRole('link', { name: 'Job 1' })
  const select = screen.getByRole('combobox', { name: 'Category' })
  await user.selectOptions(select, 'Information Technology')
  await waitFor(() => expect(router.state.location.pathname).toBe('/category/information-technology'))
  expect(router.state.location.search).toBe('?q=rust&workMode=Remote')
  expect(await screen.findByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()

  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All categories')
  await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'))
  expect(router.state.location.search).toBe('?q=rust&workMode=Remote')
  expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
})

test('"Search all categories" leads to /jobs with the same words and filters', async () => {
  answerJobs(pageOf(5))
  renderApp('/category/engineering?q=rust&jobType=Internship&page=2')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.getByRole('link', { name: 'Search all categories' })).toHaveAttribute('href', '/jobs?q=rust&jobType=Internship')
})

test('on a phone the Filters button of a category page does not count its category', async () => {
  window.innerWidth = 390
  answerJobs(pageOf(5))
  const { user } = renderApp('/category/engineering?location=Pune')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
  expect(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Engineering')
})

test("on a phone choosing another category in the sheet goes to that category's page and leaves the sheet open, with the focus where it was", async () => {
  window.innerWidth = 390
  answerJobs(pageOf(5))
  const { router, user } = renderApp('/category/engineering')
  await screen.findByRole('link', { name: 'Job 1' })
  await user.click(screen.getByRole('button', { name: 'Filters' }))
  const select = within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('combobox', { name: 'Category' })
  await user.selectOptions(select, 'Information Technology')
  await waitFor(() => expect(router.state.location.pathname).toBe('/category/information-technology'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Information Technology' })).toBeInTheDocument()
  // The route's focus handling waits a frame before it would move the focus to the new heading.
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument()
  expect(select).toHaveFocus()
  expect(select).toHaveDisplayValue('Information Technology')
})

test('the category page says "No jobs available for this category." when it has none', async () => {
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/category/information-technology')
  expect(await screen.findByText('No jobs available for this category.')).toBeVisible()
  expect(screen.queryByRole('link', { name: /^Search all jobs/ })).not.toBeInTheDocument()
})

test('a category search that finds nothing offers the words over every category', async () => {
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/category/information-technology?q=rust')
  expect(await screen.findByText('No jobs found for your search.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Search all jobs for “rust”' })).toHaveAttribute('href', '/jobs?q=rust')
})

test('an unknown category name shows the 404 page', async () => {
  renderApp('/category/astronomy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('a failed category page shows the server message as a toast', async () => {
  server.use(http.get('/jobs/showAllCategories', ({ response }) => response(503).json({ success: false, message: 'Database unavailable' })))
  renderApp('/category/information-technology')
  expect(await screen.findByText('Database unavailable')).toBeInTheDocument()
  expect(screen.getByText('Could Not Fetch Catagory page data.')).toBeVisible()
})

test('a failed category page without a message shows "Could Not Fetch Catagory page data."', async () => {
  server.use(http.get('/jobs/showAllCategories', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  renderApp('/category/information-technology')
  // Once as the toast and once in the page.
  await waitFor(() => expect(screen.getAllByText('Could Not Fetch Catagory page data.')).toHaveLength(2))
})

test('while the category page loads it has its final shape: the name, and a busy list of placeholder cards', async () => {
  server.use(
    http.get('/jobs/showAllCategories', async ({ response }) => {
      await delay(300)
      return response(200).json({ success: true, message: 'Categories fetched', categories })
    }),
  )
  answerJobs(async () => {
    await delay(300)
    return { total: 1, data: [job({ _id: 'j9', title: 'Site Reliability Engineer' })] }
  })
  renderApp('/category/information-technology')
  expect(await screen.findByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  const list = screen.getByRole('list', { name: 'Results' })
  expect(list).toHaveAttribute('aria-busy', 'true')
  expect(list.querySelectorAll('li[aria-hidden="true"]').length).toBeGreaterThan(0)
  expect(within(list).queryAllByRole('listitem')).toHaveLength(0)

  expect(await screen.findByRole('link', { name: 'Site Reliability Engineer' })).toBeVisible()
  expect(screen.getByRole('list', { name: 'Results' })).toHaveAttribute('aria-busy', 'false')
})
