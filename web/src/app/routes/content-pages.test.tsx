import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'

const OPERATOR = 'support@jobportal.example'

test('the Privacy Policy says what the site stores about a person, who sees it, and how to delete an account', async () => {
  renderApp('/privacy-policy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  expect(document.title).toBe('Privacy Policy | jobportal')
  const main = within(screen.getByRole('main'))
  expect(main.getByRole('heading', { level: 2, name: 'What we store' })).toBeVisible()
  for (const stored of [/first and last name, your e-mail address/, /salted hash/, /resume PDF/, /statement of purpose you wrote/, /company, position and contact number/, /Logs:/]) {
    expect(main.getAllByText(stored)[0]).toBeVisible()
  }
  expect(main.getByRole('heading', { level: 2, name: 'Who sees what' })).toBeVisible()
  expect(main.getByRole('heading', { level: 2, name: 'Deleting your account' })).toBeVisible()
  expect(main.getByText(/There is no delete button in the dashboard yet/)).toBeVisible()
  expect(main.getByRole('link', { name: OPERATOR })).toHaveAttribute('href', `mailto:${OPERATOR}?subject=Delete%20my%20account`)
  expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
})

test('the Terms say what account holders agree to and link the Privacy Policy', async () => {
  renderApp('/terms')
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeVisible()
  expect(document.title).toBe('Terms | jobportal')
  const main = within(screen.getByRole('main'))
  for (const heading of ['Your account', 'Job seekers', 'Recruiters', 'Not allowed', 'What you post', 'The service', 'Changes and questions']) {
    expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  expect(main.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy-policy')
  expect(screen.queryByText('This page is coming soon.')).not.toBeInTheDocument()
})

test('the Contact page gives the operator address and how to ask for an account to be deleted', async () => {
  renderApp('/contact')
  expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  expect(document.title).toBe('Contact | jobportal')
  const main = within(screen.getByRole('main'))
  expect(main.getByRole('link', { name: OPERATOR })).toHaveAttribute('href', `mailto:${OPERATOR}`)
  expect(main.getByRole('heading', { level: 2, name: 'Deleting your account or your data' })).toBeVisible()
  expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#delete-account')
})

test('the other footer pages stay "coming soon" pages', async () => {
  renderApp('/cookie-policy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible()
  expect(screen.getByText('This page is coming soon.')).toBeVisible()
})
