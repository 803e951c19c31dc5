import { screen } from '@testing-library/react'
import { renderApp } from '@/testing/render'

test('an unknown path shows the 404 page with its title, text and a link home', async () => {
  const { user, router } = renderApp('/no/such/page')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  expect(screen.getByText("Seems like we couldn't find the page you were looking for.")).toBeVisible()
  await user.click(screen.getByRole('link', { name: 'Back to homepage' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/')
})

test('a footer path without a screen shows a page titled after it, not the 404', async () => {
  renderApp('/career-paths')
  expect(await screen.findByRole('heading', { level: 1, name: 'Career Paths' })).toBeVisible()
  expect(screen.queryByText('Lost and not found!')).not.toBeInTheDocument()
})

test('the footer links every footer path of the product', async () => {
  renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  const explore = screen.getByRole('navigation', { name: 'Explore' })
  const company = screen.getByRole('navigation', { name: 'Company' })
  expect(explore.querySelectorAll('a')).toHaveLength(25)
  expect(company.querySelectorAll('a')).toHaveLength(19)
  expect(company.querySelector('a[href="/privacy-policy"]')).toHaveTextContent('Privacy Policy')
})

test('the About page states the mission', async () => {
  renderApp('/about')
  expect(await screen.findByText(/simplify the job search with personalised job recommendations and easy application tracking/)).toBeVisible()
})
