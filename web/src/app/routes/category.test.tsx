import { screen, waitFor, within } from '@testing-library/react'
import { delay, HttpResponse } from 'msw'
import { job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

const pageFor = (jobs: ReturnType<typeof job>[]) =>
  http.post('/jobs/categoryPageDetails/{categoryId}', ({ response }) =>
    response(200).json({
      success: true,
      message: 'ok',
      selectedCategory: { _id: 'c2', name: 'Information Technology', description: 'Keep the computers running.', jobs },
    }),
  )

test('the category page shows the name, description and a card per job', async () => {
  server.use(pageFor([job({ _id: 'j9', title: 'Site Reliability Engineer', company: 'Globex', location: 'Remote', jobType: 'Part-time', salary: 85000 })]))
  renderApp('/category/Information-Technology')
  expect(await screen.findByRole('link', { name: 'Site Reliability Engineer' })).toHaveAttribute('href', '/job/j9')
  expect(screen.getByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  expect(screen.getByText('Keep the computers running.')).toBeVisible()
  expect(screen.getByText('Globex')).toBeVisible()
  expect(screen.getByText('Remote')).toBeVisible()
  expect(screen.getByText('Part-time')).toBeVisible()
  expect(screen.getByText('₹85,000 per month')).toBeVisible()
})

test('the category page says "No jobs available for this category." when it has none', async () => {
  server.use(pageFor([]))
  renderApp('/category/information-technology')
  expect(await screen.findByText('No jobs available for this category.')).toBeVisible()
})

test('an unknown category name shows the 404 page', async () => {
  renderApp('/category/astronomy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('a failed category page shows the server message as a toast', async () => {
  server.use(
    http.post('/jobs/categoryPageDetails/{categoryId}', ({ response }) =>
      response(404).json({ success: false, message: 'Category not found' }),
    ),
  )
  renderApp('/category/information-technology')
  expect(await screen.findByText('Category not found')).toBeInTheDocument()
})

test('a failed category page without a message shows "Could Not Fetch Catagory page data."', async () => {
  server.use(http.post('/jobs/categoryPageDetails/{categoryId}', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  renderApp('/category/information-technology')
  // Once as the toast and once in the page.
  await waitFor(() => expect(screen.getAllByText('Could Not Fetch Catagory page data.')).toHaveLength(2))
})

test('while the category page loads it has its final shape: the name, and a busy list of placeholder cards', async () => {
  server.use(
    http.post('/jobs/categoryPageDetails/{categoryId}', async ({ response }) => {
      await delay(300)
      return response(200).json({
        success: true,
        message: 'ok',
        selectedCategory: { _id: 'c2', name: 'Information Technology', description: 'Keep the computers running.', jobs: [job({ _id: 'j9', title: 'Site Reliability Engineer' })] },
      })
    }),
  )
  renderApp('/category/information-technology')
  expect(await screen.findByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  const list = screen.getByRole('list', { name: 'Jobs' })
  expect(list).toHaveAttribute('aria-busy', 'true')
  expect(list.querySelectorAll('li[aria-hidden="true"]').length).toBeGreaterThan(0)
  expect(within(list).queryAllByRole('listitem')).toHaveLength(0)

  expect(await screen.findByRole('link', { name: 'Site Reliability Engineer' })).toBeVisible()
  expect(screen.getByRole('list', { name: 'Jobs' })).not.toHaveAttribute('aria-busy')
})
