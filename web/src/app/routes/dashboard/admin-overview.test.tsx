import { screen, waitFor, within } from '@testing-library/react'
import { admin, adminOverview, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const ADMIN_PAGES = ['/dashboard/admin', '/dashboard/admin/categories', '/dashboard/admin/jobs', '/dashboard/admin/accounts', '/dashboard/admin/companies', '/dashboard/admin/audit']

const answerOverview = () =>
  server.use(http.get('/admin/overview', ({ response }) => response(200).json({ success: true, message: 'Overview fetched successfully', data: adminOverview() })))

test('an Admin sees My Profile, the console\'s six pages, Settings and Logout in the sidebar, with only the current page marked', async () => {
  answerOverview()
  signIn(admin)
  renderApp('/dashboard/admin')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['My Profile', '/dashboard/my-profile'],
    ['Overview', '/dashboard/admin'],
    ['Categories', '/dashboard/admin/categories'],
    ['Manage Jobs', '/dashboard/admin/jobs'],
    ['Accounts', '/dashboard/admin/accounts'],
    ['Companies', '/dashboard/admin/companies'],
    ['Audit Log', '/dashboard/admin/audit'],
    ['Settings', '/dashboard/settings'],
  ])
  expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
  expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('the Overview link is not marked current on the pages under it', async () => {
  server.use(http.get('/admin/audit', ({ response }) => response(200).json({ success: true, message: 'Audit log fetched successfully', data: [], total: 0, page: 1, limit: 20 })))
  signIn(admin)
  renderApp('/dashboard/admin/audit')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page')
  expect(sidebar.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current')
})

test('the overview counts accounts, jobs and applications, and charts the applications per day with the figures as text', async () => {
  answerOverview()
  signIn(admin)
  const { user } = renderApp('/dashboard/admin')
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  const figure = (region: string, label: string) =>
    within(screen.getByRole('region', { name: region })).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
  await screen.findByRole('region', { name: 'Accounts' })
  expect(figure('Accounts', 'Applicants')).toBe('1,234')
  expect(figure('Accounts', 'Recruiters')).toBe('56')
  expect(figure('Accounts', 'Admins')).toBe('2')
  expect(figure('Accounts', 'Suspended')).toBe('3')
  expect(figure('Jobs', 'Open')).toBe('789')
  expect(figure('Jobs', 'Hidden')).toBe('4')
  expect(figure('Applications', 'All time')).toBe('4,321')

  const applications = within(screen.getByRole('region', { name: 'Applications' }))
  const chart = applications.getByRole('img', { name: /Applications per day, last 30 days/ })
  expect(chart).toHaveAccessibleName('Applications per day, last 30 days 7 applications in the last 30 days; the most, 5, on 4 March 2026.')
  expect(chart.querySelectorAll('rect')).toHaveLength(2)
  await user.click(applications.getByText('Applications per day as a table'))
  const rows = within(applications.getByRole('table')).getAllByRole('row')
  expect(rows).toHaveLength(31)
  expect(rows[4]).toHaveTextContent('4 March 2026')
  expect(rows[4]).toHaveTextContent('5')
})

test('an overview the server refuses shows its message', async () => {
  server.use(http.get('/admin/overview', ({ response }) => response(403).json({ success: false, message: 'This is a protected route for Admins only' })))
  signIn(admin)
  renderApp('/dashboard/admin')
  expect(await screen.findByText('This is a protected route for Admins only')).toBeVisible()
})

test.each(ADMIN_PAGES)('the admin page %s does not exist for a Recruiter or an Applicant', async (path) => {
  signIn(recruiter)
  const first = renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  first.unmount()

  signIn(applicant)
  renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('an Admin has none of the Recruiter\'s or the Applicant\'s pages', async () => {
  signIn(admin)
  const first = renderApp('/dashboard/my-jobs')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  first.unmount()
  signIn(admin)
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('an Admin who logs in without a next page lands on the overview; with one, there', async () => {
  answerOverview()
  server.use(http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'admin-token', user: admin })))
  const { user, router } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
})

test('an Admin already logged in who opens /login goes to the overview', async () => {
  answerOverview()
  signIn(admin)
  const { router } = renderApp('/login')
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/admin')
})

test('My Profile and Settings are an Admin\'s too', async () => {
  signIn(admin)
  const first = renderApp('/dashboard/my-profile')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(within(screen.getByRole('main')).getByText('Ada Min')).toBeVisible()
  first.unmount()
  signIn(admin)
  renderApp('/dashboard/settings')
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  expect(screen.getByRole('region', { name: 'Password' })).toBeVisible()
})
