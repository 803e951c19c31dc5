import { screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }))

/** Renders /about and waits for the page, since the router shows nothing until its lazy route loads. */
async function renderAbout() {
  const view = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  return view
}

test('the Category dropdown shows "Loading..." while the categories are fetched', async () => {
  server.use(
    http.get('/jobs/showAllCategories', async ({ response }) => {
      await delay('infinite')
      return response(200).json({ success: true, message: 'ok', categories: [] })
    }),
  )
  const { user } = await renderAbout()
  await user.click(mainNav().getByRole('button', { name: 'Category' }))
  expect(mainNav().getByText('Loading...')).toBeVisible()
})

test('the Category dropdown shows "No Categories Found" when the list is empty', async () => {
  server.use(http.get('/jobs/showAllCategories', ({ response }) => response(200).json({ success: true, message: 'ok', categories: [] })))
  const { user } = await renderAbout()
  await user.click(mainNav().getByRole('button', { name: 'Category' }))
  expect(await mainNav().findByText('No Categories Found')).toBeVisible()
})

test('the Category dropdown shows "No Categories Found" and logs "Could not fetch Categories." on a failure', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  server.use(
    http.get('/jobs/showAllCategories', ({ response }) =>
      response(503).json({ success: false, message: 'Internal Server Error' }),
    ),
  )
  const { user } = await renderAbout()
  await user.click(mainNav().getByRole('button', { name: 'Category' }))
  expect(await mainNav().findByText('No Categories Found')).toBeVisible()
  expect(log).toHaveBeenCalledWith('Could not fetch Categories.')
  log.mockRestore()
})

test('the Category dropdown lists the categories and toggles aria-expanded', async () => {
  const { user } = await renderAbout()
  const button = mainNav().getByRole('button', { name: 'Category' })
  expect(button).toHaveAttribute('aria-expanded', 'false')
  await user.click(button)
  expect(button).toHaveAttribute('aria-expanded', 'true')
  const list = await mainNav().findByRole('list', { name: 'Categories' })
  expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Engineering', 'Information Technology'])
})

test('choosing a category goes to /category/{slug} and closes the dropdown', async () => {
  server.use(
    http.post('/jobs/categoryPageDetails/{categoryId}', ({ response }) =>
      response(200).json({ success: true, message: 'ok', selectedCategory: { _id: 'c2', name: 'Information Technology', description: 'IT', jobs: [] } }),
    ),
  )
  const { user, router } = await renderAbout()
  await user.click(mainNav().getByRole('button', { name: 'Category' }))
  await user.click(await mainNav().findByRole('link', { name: 'Information Technology' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/category/information-technology')
  expect(mainNav().getByRole('button', { name: 'Category' })).toHaveAttribute('aria-expanded', 'false')
})

test('the Category dropdown works from the keyboard: ArrowDown opens and focuses, Escape closes and returns focus', async () => {
  const { user } = await renderAbout()
  const button = mainNav().getByRole('button', { name: 'Category' })
  await mainNav().findByRole('list', { name: 'Categories', hidden: true })
  button.focus()
  await user.keyboard('{ArrowDown}')
  expect(button).toHaveAttribute('aria-expanded', 'true')
  await waitFor(() => expect(mainNav().getByRole('link', { name: 'Engineering' })).toHaveFocus())
  await user.keyboard('{ArrowDown}')
  expect(mainNav().getByRole('link', { name: 'Information Technology' })).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(button).toHaveAttribute('aria-expanded', 'false')
  expect(button).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(button).toHaveAttribute('aria-expanded', 'true')
})
