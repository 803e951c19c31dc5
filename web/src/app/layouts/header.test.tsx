import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'

test('a logged-out visitor sees Home, Category, About Us, Jobs, Login and Signup', async () => {
  renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  const nav = within(screen.getByRole('navigation', { name: 'Main' }))
  expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  expect(nav.getByRole('button', { name: 'Category' })).toBeVisible()
  expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page')
  expect(nav.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs')
  const banner = within(screen.getByRole('banner'))
  expect(banner.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login')
  expect(banner.getAllByRole('link', { name: 'Signup' })[0]).toHaveAttribute('href', '/signup')
})

test('the hamburger menu opens with the same links and closes after choosing one', async () => {
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  const toggle = screen.getByRole('button', { name: 'Open menu' })
  expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await user.click(toggle)
  const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
  expect(mobile.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'About Us', 'Jobs', 'Login', 'Signup'])
  expect(mobile.getByRole('button', { name: 'Category' })).toBeVisible()
  await user.click(mobile.getByRole('link', { name: 'Jobs' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('the skip link leads to the main content', async () => {
  renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content')
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content')
})

test('Escape closes the hamburger menu and returns focus to its button', async () => {
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Home' }).focus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus()
})
