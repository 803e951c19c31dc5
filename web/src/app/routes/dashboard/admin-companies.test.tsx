import { screen, waitFor, within } from '@testing-library/react'
import type { AdminCompany } from '@/features/admin/types'
import { admin, adminCompany } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The server's companies, changed by the calls; returns the queries and bodies it received, in order. */
function answerCompanies(initial: AdminCompany[], { limit = 20 } = {}) {
  let companies = [...initial]
  const sent: unknown[] = []
  const change = (id: unknown, patch: Partial<AdminCompany>) => {
    companies = companies.map((each) => (each._id === id ? { ...each, ...patch } : each))
    return companies.find((each) => each._id === id)!
  }
  server.use(
    http.get('/admin/companies', ({ request, response }) => {
      const params = new URL(request.url).searchParams
      sent.push(`?${params}`)
      const name = (params.get('name') ?? '').toLowerCase()
      const page = Number(params.get('page') ?? 1)
      const found = companies.filter((company) => company.name.toLowerCase().includes(name))
      return response(200).json({ success: true, message: 'Companies fetched successfully', data: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit })
    }),
    http.put('/admin/companies/{companyId}', async ({ request, params, response }) => {
      const { name } = (await request.json()) as { name: string }
      sent.push({ rename: params.companyId, name })
      return response(200).json({ success: true, message: 'Company renamed', data: change(params.companyId, { name }) })
    }),
    http.put('/admin/companies/{companyId}/verify', ({ params, response }) => {
      sent.push({ verify: params.companyId })
      return response(200).json({ success: true, message: 'Company verified', data: change(params.companyId, { verified: true }) })
    }),
    http.put('/admin/companies/{companyId}/unverify', ({ params, response }) => {
      sent.push({ unverify: params.companyId })
      return response(200).json({ success: true, message: 'Company no longer verified', data: change(params.companyId, { verified: false }) })
    }),
    http.put('/admin/companies/{companyId}/suspend', async ({ request, params, response }) => {
      const { reason } = (await request.json()) as { reason: string }
      sent.push({ suspend: params.companyId, reason })
      return response(200).json({ success: true, message: 'Company suspended', data: change(params.companyId, { suspended: true }) })
    }),
    http.put('/admin/companies/{companyId}/reinstate', ({ params, response }) => {
      sent.push({ reinstate: params.companyId })
      return response(200).json({ success: true, message: 'Company reinstated', data: change(params.companyId, { suspended: false }) })
    }),
  )
  return sent
}

const COMPANIES = [
  adminCompany(),
  adminCompany({ _id: 'co-globex', slug: 'globex', name: 'Globex', verified: true, members: 1, jobs: 0, createdAt: '2026-02-10T08:00:00Z' }),
  adminCompany({ _id: 'co-shady', slug: 'shady-ltd', name: 'Shady Ltd', suspended: true, members: 2, jobs: 4 }),
]

const card = (name: string) => within(screen.getByRole('article', { name }))
const calls = (sent: unknown[]) => sent.filter((each) => typeof each !== 'string')

test('Companies lists each company with its page, members, jobs and creation date, its Verified and Suspended states, and links only the public ones', async () => {
  answerCompanies(COMPANIES)
  signIn(admin)
  renderApp('/dashboard/admin/companies')
  expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeVisible()
  expect(await screen.findByText('3 companies found')).toBeVisible()
  const fact = (name: string, term: string) => card(name).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

  expect(card('Acme').getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/company/acme')
  expect(fact('Acme', 'Page')).toBe('/company/acme')
  expect(fact('Acme', 'Members')).toBe('3')
  expect(fact('Acme', 'Jobs')).toBe('12')
  expect(fact('Acme', 'Created')).toBe('5 January 2026')
  expect(card('Acme').queryByText('Verified')).not.toBeInTheDocument()
  expect(card('Acme').queryByText('Suspended')).not.toBeInTheDocument()
  expect(card('Acme').getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Rename Acme', 'Verify Acme', 'Suspend Acme'])

  expect(card('Globex').getByText('Verified')).toBeVisible()
  expect(fact('Globex', 'Jobs')).toBe('0')
  expect(card('Globex').getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Rename Globex', 'Unverify Globex', 'Suspend Globex'])

  // A suspended company's page is not found: its name is not a link.
  expect(card('Shady Ltd').queryByRole('link')).not.toBeInTheDocument()
  expect(card('Shady Ltd').getByText('Suspended')).toBeVisible()
  expect(card('Shady Ltd').getByText('Suspended: its jobs and its page are gone from public view, and its members cannot post jobs.')).toBeVisible()
  expect(card('Shady Ltd').getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Rename Shady Ltd', 'Verify Shady Ltd', 'Reinstate Shady Ltd'])
})

test('the Admin navigation has Companies after Accounts, marked on its page', async () => {
  answerCompanies(COMPANIES)
  signIn(admin)
  renderApp('/dashboard/admin/companies')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  const names = sidebar.getAllByRole('link').map((link) => link.textContent)
  expect(names.slice(names.indexOf('Accounts'), names.indexOf('Accounts') + 2)).toEqual(['Accounts', 'Companies'])
  expect(sidebar.getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page')
})

test('the name search asks the server for the name, kept in the address bar', async () => {
  const sent = answerCompanies(COMPANIES)
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/companies')
  await screen.findByText('3 companies found')
  const box = screen.getByRole('searchbox', { name: 'Name' })
  expect(box).toHaveAccessibleDescription("Part of the company's name, in any case")
  await user.type(box, ' GLO {Enter}')
  expect(await screen.findByText('1 company found')).toBeVisible()
  expect(router.state.location.search).toBe('?name=GLO')
  expect(screen.getByRole('article', { name: 'Globex' })).toBeVisible()
  expect(sent).toEqual(['?page=1', '?page=1&name=GLO'])
})

test('a search from the address bar fills the box; results come a page at a time, the page kept in the address with the search', async () => {
  const many = Array.from({ length: 3 }, (_, i) => adminCompany({ _id: `co-${i}`, slug: `co-${i}`, name: `Company ${i + 1}` }))
  const sent = answerCompanies([...many, adminCompany({ _id: 'co-other', name: 'Other' })], { limit: 2 })
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/companies?name=company')
  expect(await screen.findByText('3 companies found')).toBeVisible()
  expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('company')
  const paging = within(screen.getByRole('navigation', { name: 'Pagination' }))
  expect(paging.getByText('Page 1 of 2')).toBeVisible()
  expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await user.click(paging.getByRole('button', { name: 'Next page' }))
  expect(await screen.findByRole('article', { name: 'Company 3' })).toBeVisible()
  expect(router.state.location.search).toBe('?name=company&page=2')
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next page' })).toBeDisabled()

  // A new search starts again from its first page.
  const box = screen.getByRole('searchbox', { name: 'Name' })
  await user.clear(box)
  await user.type(box, 'other{Enter}')
  expect(await screen.findByText('1 company found')).toBeVisible()
  expect(router.state.location.search).toBe('?name=other')
  expect(sent).toEqual(['?page=1&name=company', '?page=2&name=company', '?page=1&name=other'])
})

test('a list the server refuses says why, with Try again', async () => {
  server.use(http.get('/admin/companies', ({ response }) => response(400).json({ success: false, message: 'name may have at most 200 characters' })))
  signIn(admin)
  renderApp('/dashboard/admin/companies')
  expect(await screen.findByText('name may have at most 200 characters')).toBeVisible()
  expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
})

test('Rename opens a dialog with the name, checks it with the server\'s rules, sends it trimmed and toasts "Company renamed"', async () => {
  const sent = answerCompanies(COMPANIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  const open = await screen.findByRole('button', { name: 'Rename Acme' })
  await user.click(open)
  const dialog = within(screen.getByRole('dialog', { name: 'Rename Acme' }))
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Its page keeps its address, /company/acme.')
  const name = dialog.getByRole('textbox', { name: 'Name' })
  expect(name).toHaveFocus()
  expect(name).toHaveValue('Acme')

  await user.clear(name)
  await user.click(dialog.getByRole('button', { name: 'Rename' }))
  await waitFor(() => expect(name).toHaveAccessibleDescription('Company name is required'))
  expect(name).toHaveFocus()
  expect(name).toBeInvalid()

  await user.type(name, 'x'.repeat(101))
  await user.click(dialog.getByRole('button', { name: 'Rename' }))
  await waitFor(() => expect(name).toHaveAccessibleDescription('Company name must be at most 100 characters'))
  expect(calls(sent)).toEqual([])

  await user.clear(name)
  await user.type(name, '  Acme Corp ')
  await user.click(dialog.getByRole('button', { name: 'Rename' }))
  expect(await screen.findByText('Company renamed')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(await screen.findByRole('article', { name: 'Acme Corp' })).toBeVisible()
  expect(open).toHaveAccessibleName('Rename Acme Corp')
  expect(open).toHaveFocus()
  expect(calls(sent)).toEqual([{ rename: 'co-acme', name: 'Acme Corp' }])
  expect(sent.filter((each) => typeof each === 'string')).toEqual(['?page=1', '?page=1'])
})

test('a name the server refuses is shown under the field, which takes the focus; another refusal above the buttons', async () => {
  answerCompanies(COMPANIES)
  server.use(
    http.put('/admin/companies/{companyId}', ({ params, response }) =>
      params.companyId === 'co-acme'
        ? response(409).json({ success: false, message: 'The company already has this name' })
        : response(404).json({ success: false, message: 'Company not found' }),
    ),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  await user.click(await screen.findByRole('button', { name: 'Rename Acme' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Rename Acme' }))
  const name = dialog.getByRole('textbox', { name: 'Name' })
  await user.click(dialog.getByRole('button', { name: 'Rename' }))
  await waitFor(() => expect(name).toHaveAccessibleDescription('The company already has this name'))
  expect(name).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Rename Acme' })).toHaveFocus()

  await user.click(screen.getByRole('button', { name: 'Rename Globex' }))
  dialog = within(screen.getByRole('dialog', { name: 'Rename Globex' }))
  await user.type(dialog.getByRole('textbox', { name: 'Name' }), ' Group')
  await user.click(dialog.getByRole('button', { name: 'Rename' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent('Company not found')
  expect(dialog.getByRole('textbox', { name: 'Name' })).toBeValid()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Rename Globex' })).toHaveFocus()
})

test('a company renamed out of the search leaves the list, and the focus goes to the results', async () => {
  const sent = answerCompanies(COMPANIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies?name=acme')
  expect(await screen.findByText('1 company found')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Rename Acme' }))
  const name = within(screen.getByRole('dialog', { name: 'Rename Acme' })).getByRole('textbox', { name: 'Name' })
  await user.clear(name)
  await user.type(name, 'Zenith{Enter}')
  expect(await screen.findByText('Company renamed')).toBeInTheDocument()
  expect(await screen.findByText('No companies found.')).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus()
  expect(calls(sent)).toEqual([{ rename: 'co-acme', name: 'Zenith' }])
})

test('Verify toasts "Company verified" and marks the company; Unverify toasts "Company no longer verified"; the button keeps the focus', async () => {
  const sent = answerCompanies(COMPANIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  const verify = await screen.findByRole('button', { name: 'Verify Acme' })
  await user.click(verify)
  expect(await screen.findByText('Company verified')).toBeInTheDocument()
  expect(await card('Acme').findByText('Verified')).toBeVisible()
  expect(verify).toHaveAccessibleName('Unverify Acme')
  expect(verify).toHaveFocus()

  await user.click(verify)
  expect(await screen.findByText('Company no longer verified')).toBeInTheDocument()
  await waitFor(() => expect(card('Acme').queryByText('Verified')).not.toBeInTheDocument())
  expect(verify).toHaveAccessibleName('Verify Acme')
  expect(verify).toHaveFocus()
  expect(calls(sent)).toEqual([{ verify: 'co-acme' }, { unverify: 'co-acme' }])
})

test('a refused Verify toasts the server\'s message and changes nothing', async () => {
  answerCompanies(COMPANIES)
  server.use(http.put('/admin/companies/{companyId}/verify', ({ response }) => response(409).json({ success: false, message: 'The company is already verified' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  const verify = await screen.findByRole('button', { name: 'Verify Acme' })
  await user.click(verify)
  expect(await screen.findByText('The company is already verified')).toBeInTheDocument()
  expect(verify).toHaveAccessibleName('Verify Acme')
  await waitFor(() => expect(verify).toHaveFocus())
})

test('Suspend asks for a reason, sends it, toasts "Company suspended", marks the company, and Reinstate undoes it', async () => {
  const sent = answerCompanies(COMPANIES)
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  const suspend = await screen.findByRole('button', { name: 'Suspend Acme' })
  await user.click(suspend)
  const dialog = within(screen.getByRole('dialog', { name: 'Suspend this company?' }))
  expect(
    dialog.getByText(
      'The jobs of Acme leave every public list, its page is no longer found, and its members cannot post jobs until it is reinstated. The reason is kept in the audit log.',
    ),
  ).toBeVisible()
  const reason = dialog.getByLabelText('Reason')
  expect(reason).toHaveFocus()
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  await waitFor(() => expect(reason).toHaveAccessibleDescription('0 of 500 characters A reason is required'))
  await user.click(reason)
  await user.paste('x'.repeat(501))
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await dialog.findByText('The reason may have at most 500 characters')).toBeVisible()
  expect(calls(sent)).toEqual([])

  await user.clear(reason)
  await user.type(reason, '  Fake listings ')
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await screen.findByText('Company suspended')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(await card('Acme').findByText('Suspended')).toBeVisible()
  expect(card('Acme').queryByRole('link')).not.toBeInTheDocument()
  expect(suspend).toHaveAccessibleName('Reinstate Acme')
  expect(suspend).toHaveFocus()

  await user.click(suspend)
  expect(await screen.findByText('Company reinstated')).toBeInTheDocument()
  await waitFor(() => expect(card('Acme').queryByText('Suspended')).not.toBeInTheDocument())
  expect(card('Acme').getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/company/acme')
  await waitFor(() => expect(card('Acme').getByRole('button', { name: 'Suspend Acme' })).toHaveFocus())
  expect(calls(sent)).toEqual([{ suspend: 'co-acme', reason: 'Fake listings' }, { reinstate: 'co-acme' }])
})

test('a Suspend the server refuses keeps the dialog open with its message; a refused reason is shown beside it', async () => {
  answerCompanies(COMPANIES)
  server.use(
    http.put('/admin/companies/{companyId}/suspend', ({ params, response }) =>
      params.companyId === 'co-acme'
        ? response(409).json({ success: false, message: 'The company is already suspended' })
        : response(400).json({ success: false, message: 'A reason is required' }),
    ),
  )
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  await user.click(await screen.findByRole('button', { name: 'Suspend Acme' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Suspend this company?' }))
  await user.type(dialog.getByLabelText('Reason'), 'Spam')
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent('The company is already suspended')
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Suspend Acme' })).toHaveFocus()

  await user.click(screen.getByRole('button', { name: 'Suspend Globex' }))
  dialog = within(screen.getByRole('dialog', { name: 'Suspend this company?' }))
  await user.type(dialog.getByLabelText('Reason'), 'Spam')
  await user.click(dialog.getByRole('button', { name: 'Suspend' }))
  await waitFor(() => expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('4 of 500 characters A reason is required'))
  expect(dialog.getByLabelText('Reason')).toHaveFocus()
})

test('a refused Reinstate toasts the server\'s message', async () => {
  answerCompanies(COMPANIES)
  server.use(http.put('/admin/companies/{companyId}/reinstate', ({ response }) => response(404).json({ success: false, message: 'Company not found' })))
  signIn(admin)
  const { user } = renderApp('/dashboard/admin/companies')
  await user.click(await screen.findByRole('button', { name: 'Reinstate Shady Ltd' }))
  expect(await screen.findByText('Company not found')).toBeInTheDocument()
  expect(card('Shady Ltd').getByText('Suspended')).toBeVisible()
})
