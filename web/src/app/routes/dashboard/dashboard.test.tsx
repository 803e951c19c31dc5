import { screen, waitFor, within } from '@testing-library/react'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

test('a logged-out visitor opening /dashboard/my-profile is sent to /login', async () => {
  const { router } = renderApp('/dashboard/my-profile')
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/login')
})

test.each(['/login', '/signup', '/forgot-password', '/update-password/abc', '/verify-email'])(
  'a logged-in person opening %s is sent to /dashboard/my-profile',
  async (path) => {
    signIn(applicant)
    const { router } = renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/dashboard/my-profile')
  },
)

test('My Profile shows the avatar, full name and e-mail, with Edit leading to settings', async () => {
  signIn(applicant)
  renderApp('/dashboard/my-profile')
  await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  const main = within(screen.getByRole('main'))
  expect(main.getByText('Ann Lee')).toBeVisible()
  expect(main.getByText('ann@example.com')).toBeVisible()
  expect(main.getByRole('img', { name: "Ann Lee's profile picture" })).toHaveAttribute('src', 'http://127.0.0.1:8080/api/v1/avatars/u-applicant.svg')
  expect(main.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/settings')
})

test('an applicant sees My Profile, Jobs for You, My Applications, Saved Jobs, Saved Searches, Settings and Logout in the sidebar', async () => {
  signIn(applicant)
  renderApp('/dashboard/my-profile')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual(['My Profile', 'Jobs for You', 'My Applications', 'Saved Jobs', 'Saved Searches', 'Settings'])
  expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('a recruiter sees My Profile, Company, My Jobs, Add Job, Applications, Settings and Logout in the sidebar', async () => {
  signIn(recruiter)
  renderApp('/dashboard/my-profile')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual(['My Profile', 'Company', 'My Jobs', 'Add Job', 'Applications', 'Settings'])
  expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test.each([
  ['/dashboard/my-jobs', 'My Jobs'],
  ['/dashboard/add-job', 'Add Job'],
  ['/dashboard/edit-job/j1', 'Edit Job'],
  ['/dashboard/applications', 'Applications'],
  ['/dashboard/job/applications/j1', 'Applications for Selected Job'],
])('a recruiter can open %s', async (path, heading) => {
  signIn(recruiter)
  renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
})

test.each(['/dashboard/my-jobs', '/dashboard/add-job', '/dashboard/edit-job/j1', '/dashboard/applications', '/dashboard/job/applications/j1'])(
  'the recruiter route %s does not exist for an applicant',
  async (path) => {
    signIn(applicant)
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  },
)

test('an applicant can open /dashboard/my-applications; for a recruiter it does not exist', async () => {
  signIn(applicant)
  const first = renderApp('/dashboard/my-applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  first.unmount()

  signIn(recruiter)
  renderApp('/dashboard/my-applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('/dashboard/Settings opens the settings page too', async () => {
  signIn(applicant)
  renderApp('/dashboard/Settings')
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
})

test('on first load with a token the user details are fetched and stored', async () => {
  localStorage.setItem('token', 'applicant-token')
  const { reloadStores } = await import('@/testing/session')
  reloadStores()
  server.use(http.get('/auth/userDetails', ({ request, response }) => {
    expect(request.headers.get('Authorization')).toBe('Bearer applicant-token')
    return response(200).json({ success: true, message: 'User details fetched successfully', data: applicant })
  }))
  const { queryClient } = renderApp('/dashboard/my-profile')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(screen.getByRole('main')).toHaveTextContent('ann@example.com')
  expect(JSON.parse(localStorage.getItem('user')!)).toEqual(applicant)
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(applicant)
})

test('a token the server refuses ends the session, says so, and leads to /login?next=<the dashboard page>', async () => {
  signIn(applicant)
  server.use(http.get('/auth/userDetails', ({ response }) => response(401).json({ success: false, message: 'Token is invalid or expired' })))
  const { router, queryClient } = renderApp('/dashboard/my-profile?tab=1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  expect(router.state.location.search).toBe('?next=/dashboard/my-profile%3Ftab%3D1')
  expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/my-profile?tab=1')
  expect(await screen.findByText('Your session has expired, please log in again')).toBeInTheDocument()
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined()
})

test("on a phone the one menu button (the header's) holds the dashboard's items, and Escape closes it", async () => {
  signIn(recruiter)
  const { user } = renderApp('/dashboard/my-profile')
  await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument()
  const toggle = screen.getByRole('button', { name: 'Open menu' })
  await user.click(toggle)
  const menu = within(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('list', { name: 'Dashboard' }))
  expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['My Profile', 'Company', 'My Jobs', 'Add Job', 'Applications', 'Settings'])
  menu.getByRole('link', { name: 'My Jobs' }).focus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus()
})
