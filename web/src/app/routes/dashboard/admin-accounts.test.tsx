import { screen, waitFor, within } from '@testing-library/react'
import type { AdminAccount } from '@/features/admin/types'
import { admin, adminAccount } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const SUSPENDED_AT = '2026-03-06T09:00:00Z'

/** The server's accounts, changed by the calls; returns the queries and bodies it received, in order. */
function answerAccounts(initial: AdminAccount[]) {
  let accounts = [...initial]
  const sent: unknown[] = []
  const change = (id: unknown, patch: Partial<AdminAccount>) => {
    accounts = accounts.map((each) => (each._id === id ? { ...each, ...patch } : each))
    return accounts.find((each) => each._id === id)!
  }
  server.use(
    http.get('/admin/accounts', ({ request, response }) => {
      const params = new URL(request.url).searchParams
      sent.push(`?${params}`)
      const email = (params.get('email') ?? '').toLowerCase()
      const found = accounts.filter((account) => account.email.toLowerCase().includes(email))
      return response(200).json({ success: true, message: 'Accounts fetched successfully', data: found, total: found.length, page: 1, limit: 20 })
    }),
    http.put('/admin/accounts/{userId}/suspend', async ({ request, params, response }) => {
      const { reason } = (await request.json()) as { reason: string }
      sent.push({ suspend: params.userId, reason })
      return response(200).json({ success: true, message: 'Account suspended', data: change(params.userId, { suspendedAt: SUSPENDED_AT, suspensionReason: reason }) })
    }),
    http.put('/admin/accounts/{userId}/reinstate', ({ params, response }) => {
      sent.push({ reinstate: params.userId })
      return response(200).json({ success: true, message: 'Account reinstated', data: change(params.userId, { suspendedAt: null, suspensionReason: null }) })
    }),
  )
  return sent
}

const ACCOUNTS = [
  adminAccount(),
  adminAccount({ _id: 'u-applicant', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', accountType: 'Applicant', suspendedAt: SUSPENDED_AT, suspensionReason: 'Spam applications' }),
  adminAccount({ _id: 'u-admin', firstName: 'Ada', lastName: 'Min', email: 'ada@example.com', accountType: 'Admin' }),
]

const card = (name: string) => within(screen.getByRole('article', { name }))

test('Accounts lists each account with its e-mail, type and joining date, a suspended one with its reason; an Admin has no Suspend', async () => {
  answerAccounts(ACCOUNTS)
  signIn(admin)
  renderApp('/dashboard/admin/accounts')
  expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  expect(await screen.findByText('3 accounts found')).toBeVisible()
  expect(card('Raj Rao').getByText('raj@example.com')).toBeVisible()
  expect(card('Raj Rao').getByText('Recruiter')).toBeVisible()
  expect(card('Raj Rao').getByText('2 January 2026')).toBeVisible()
  expect(card('Raj Rao').queryByText('Suspended')).not.toBeInTheDocument()
  expect(card('Raj Rao').getByRole('button', { name: 'Suspend raj@example.com' })).toBeVisible()
  expect(card('Ann Lee').getByText('Suspended')).toBeVisible()
  expect(card('Ann Lee').getByText('Suspended on 6 March 2026: Spam applications')).toBeVisible()
  expect(card('Ann Lee').getByRole('button', { name: 'Reinstate ann@example.com' })).toBeVisible()
  expect(card('Ada Min').getByText('Admin')).toBeVisible()
  expect(card('Ada Min').queryByRole('button')).not.toBeInTheDocument()
})

test('the e-mail search asks the server for the address, kept in the address bar', async () => {
  const sent = answerAccounts(ACCOUNTS)
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/accounts')
  await screen.findByText('3 accounts found')
  await user.type(screen.getByRole('searchbox', { name: 'E-mail' }), 'RAJ@{Enter}')
  expect(await screen.findByText('1 account found')).toBeVisible()
  expect(router.state.location.search).toBe('?email=RAJ%40')
  expect(sent).toEqual(['?page=1', '?page=1&email=RAJ%40'])
})

test('Suspend asks for a reason, sends it, toasts "Account suspended", marks the account, and Reinstate undoes it', async () => {
  const sent = answerAccounts(ACCOUNTS)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/accounts')
  const suspend = await screen.findByRole('button', { name: 'Suspend raj@example.com' })
  await user.click(suspend)
  const dialog = within(screen.getByRole('dialog', { name: 'Suspend this account?' }))
  expect(dialog.getByText(/^raj@example.com is logged out at once and cannot log in until reinstated/)).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await dialog.findByText('A reason is required')).toBeVisible()
  await user.type(dialog.getByLabelText('Reason'), 'Posts fake jobs')
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await screen.findByText('Account suspended')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(await card('Raj Rao').findByText('Suspended on 6 March 2026: Posts fake jobs')).toBeVisible()
  expect(suspend).toHaveAccessibleName('Reinstate raj@example.com')
  expect(suspend).toHaveFocus()

  await user.click(suspend)
  expect(await screen.findByText('Account reinstated')).toBeInTheDocument()
  await waitFor(() => expect(card('Raj Rao').queryByText('Suspended')).not.toBeInTheDocument())
  await waitFor(() => expect(card('Raj Rao').getByRole('button', { name: 'Suspend raj@example.com' })).toHaveFocus())
  expect(sent.filter((each) => typeof each !== 'string')).toEqual([{ suspend: 'u-recruiter', reason: 'Posts fake jobs' }, { reinstate: 'u-recruiter' }])
})

test('a Suspend the server refuses keeps the dialog open with its message', async () => {
  answerAccounts(ACCOUNTS)
  server.use(
    http.put('/admin/accounts/{userId}/suspend', ({ response }) => response(409).json({ success: false, message: 'The account is already suspended' })),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/accounts')
  await user.click(await screen.findByRole('button', { name: 'Suspend raj@example.com' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Suspend this account?' }))
  await user.type(dialog.getByLabelText('Reason'), 'Spam')
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent('The account is already suspended')
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Suspend raj@example.com' })).toHaveFocus()
})

test('a refused Reinstate toasts the server\'s message', async () => {
  answerAccounts(ACCOUNTS)
  server.use(
    http.put('/admin/accounts/{userId}/reinstate', ({ response }) => response(409).json({ success: false, message: 'The account is not suspended' })),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/accounts')
  await user.click(await screen.findByRole('button', { name: 'Reinstate ann@example.com' }))
  expect(await screen.findByText('The account is not suspended')).toBeInTheDocument()
})
