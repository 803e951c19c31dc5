import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'

const SEVEN = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const ELEVEN = [...SEVEN, 'Business Development', 'Accounting', 'Research', 'Consulting']

const shortcuts = () => within(screen.getByRole('region', { name: 'Explore jobs by area' })).getAllByRole('link')

test('the landing page shows the headline, both calls to action and "Who is it for?"', async () => {
  renderApp('/')
  expect(await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/jobs')
  expect(screen.getByRole('link', { name: 'Post a job' })).toBeVisible()
  expect(screen.getByRole('heading', { name: 'Who is it for?' })).toBeVisible()
  expect(screen.getByText(/for anyone navigating their professional life/i)).toBeVisible()
})

test('the landing page shows seven job-area shortcuts, eleven after "Show More", and seven after "Show Less"', async () => {
  const { user } = renderApp('/')
  await screen.findByRole('heading', { level: 1 })
  expect(shortcuts().map((link) => link.textContent)).toEqual(SEVEN)

  await user.click(screen.getByRole('button', { name: 'Show More' }))
  expect(shortcuts().map((link) => link.textContent)).toEqual(ELEVEN)

  await user.click(screen.getByRole('button', { name: 'Show Less' }))
  expect(shortcuts().map((link) => link.textContent)).toEqual(SEVEN)
})

test('every job-area shortcut leads to /login', async () => {
  const { user } = renderApp('/')
  await user.click(await screen.findByRole('button', { name: 'Show More' }))
  for (const link of shortcuts()) expect(link).toHaveAttribute('href', '/login')
  await user.click(screen.getByRole('link', { name: 'Research' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
})
