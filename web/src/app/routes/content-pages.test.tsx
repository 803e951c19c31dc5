import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'

const OPERATOR = 'support@jobportal.example'

test('the Privacy Policy says what the site stores about a person, who sees it, how to download it and how to delete an account in Settings', async () => {
  renderApp('/privacy-policy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  expect(document.title).toBe('Privacy Policy | jobportal')
  const main = within(screen.getByRole('main'))
  expect(main.getByRole('heading', { level: 2, name: 'What we store' })).toBeVisible()
  for (const stored of [/first and last name, your e-mail address/, /salted hash/, /resume PDF/, /statement of purpose you wrote/, /company, position and contact number/, /Logs:/]) {
    expect(main.getAllByText(stored)[0]).toBeVisible()
  }
  expect(main.getByRole('heading', { level: 2, name: 'Who sees what' })).toBeVisible()
  expect(main.queryByText(/There is no delete button/)).not.toBeInTheDocument()

  expect(main.getByRole('heading', { level: 2, name: 'A copy of your data' })).toBeVisible()
  expect(main.getByText(/gives you a JSON file of what we hold about you/)).toHaveTextContent(
    'In Settings, Download my data gives you a JSON file of what we hold about you: your account, profile, applications, saved jobs and searches, the jobs you posted, your messages and your notifications. An applicant can download their resume there too.',
  )

  const deleting = main.getByRole('heading', { level: 2, name: 'Deleting your account' })
  expect(deleting).toHaveAttribute('id', 'delete-account')
  expect(main.getByText(/asks for your password, then removes at once:$/)).toHaveTextContent('In Settings, Delete my account asks for your password, then removes at once:')
  const removed = main.getByText('your account, your profile and your resume (from the file store too);').closest('ul') as HTMLElement
  expect(within(removed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'your account, your profile and your resume (from the file store too);',
    "your applications, which are removed from the recruiters' lists;",
    'your saved jobs and saved searches, and your notifications;',
    'the messages, notes and interviews on your applications;',
    'your sessions, and e-mails to you that were not sent yet;',
    "a recruiter's jobs, with the applications to them.",
  ])
  expect(main.getByText(/^What is kept:/)).toHaveTextContent(
    'What is kept: the admin audit log keeps that an action happened, not your details. E-mails to you or naming you go with the account, sent or not. Backups, which the operator keeps for at most 30 days, hold your data until they are rotated.',
  )
  // Someone who can no longer log in still has a way.
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

test('the Contact page gives the operator address, points to Settings to download or delete an account, and how to ask when one cannot log in', async () => {
  renderApp('/contact')
  expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  expect(document.title).toBe('Contact | jobportal')
  const main = within(screen.getByRole('main'))
  expect(main.getByRole('link', { name: OPERATOR })).toHaveAttribute('href', `mailto:${OPERATOR}`)
  expect(main.getByRole('heading', { level: 2, name: 'Deleting your account or your data' })).toBeVisible()
  expect(main.getByText(/do it yourself, at once/)).toHaveTextContent(
    "In Settings, Download my data and Delete my account do it yourself, at once; the Privacy Policy says what is deleted. If you can no longer log in, write to the same address from your account's e-mail address.",
  )
  expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#delete-account')
})

test('the other footer pages stay "coming soon" pages', async () => {
  renderApp('/cookie-policy')
  expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible()
  expect(screen.getByText('This page is coming soon.')).toBeVisible()
})
