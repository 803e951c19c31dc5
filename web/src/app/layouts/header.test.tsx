import { screen, waitFor, within } from '@testing-library/react'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { signIn } from '@/testing/session'

test('a logged-out visitor sees Home, Category, About Us, Jobs, Login and Signup', async () => {
  renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  const nav = within(screen.getByRole('navigation', { name: 'Main' }))
  expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  expect(nav.getByRole('button', { name: 'Category' })).toBeVisible()
  expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page')
  expect(nav.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs')
  const banner = within(screen.getByRole('banner'))
  expect(banner.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login?next=/about')
  expect(banner.getAllByRole('link', { name: 'Signup' })[0]).toHaveAttribute('href', '/signup?next=/about')
})

/** The header's Login and Signup, on a wide screen. */
const headerLink = (name: 'Login' | 'Signup') => within(screen.getByRole('banner')).getByRole('link', { name })

test('the header\'s Login and Signup carry the page they are clicked on, with its query, as the next page', async () => {
  renderApp('/jobs?q=rust&page=2')
  await screen.findByRole('heading', { level: 1, name: 'Jobs' })
  expect(headerLink('Login')).toHaveAttribute('href', '/login?next=/jobs%3Fq%3Drust%26page%3D2')
  expect(headerLink('Signup')).toHaveAttribute('href', '/signup?next=/jobs%3Fq%3Drust%26page%3D2')
})

test('on the home page the header\'s Login and Signup carry no next: the account\'s own home is the better start', async () => {
  renderApp('/')
  await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })
  expect(headerLink('Login')).toHaveAttribute('href', '/login')
  expect(headerLink('Signup')).toHaveAttribute('href', '/signup')
})

test('on Login, Signup or Verify Email the header\'s links keep where that page was heading, not the page itself', async () => {
  const { unmount } = renderApp('/login?next=/job/j1')
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })
  expect(headerLink('Login')).toHaveAttribute('href', '/login?next=/job/j1')
  expect(headerLink('Signup')).toHaveAttribute('href', '/signup?next=/job/j1')
  unmount()

  renderApp('/forgot-password')
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' })
  expect(headerLink('Login')).toHaveAttribute('href', '/login')
  expect(headerLink('Signup')).toHaveAttribute('href', '/signup')
})

test('the phone menu\'s Login and Signup carry the page too', async () => {
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
  expect(mobile.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=/about')
  expect(mobile.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup?next=/about')
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

test('a logged-in person sees the avatar menu with Dashboard and Logout instead of Login and Signup', async () => {
  signIn(applicant)
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  const banner = within(screen.getByRole('banner'))
  expect(banner.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
  expect(banner.queryByRole('link', { name: 'Signup' })).not.toBeInTheDocument()
  const menuButton = banner.getByRole('button', { name: 'Account menu' })
  expect(within(menuButton).getByRole('img', { name: "Ann Lee's profile picture" })).toHaveAttribute('src', 'http://127.0.0.1:8080/api/v1/avatars/u-applicant.svg')
  expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await user.click(menuButton)
  expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/my-profile')
  await user.click(banner.getByRole('button', { name: 'Logout' }))
  expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.keyboard('{Escape}')
  expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  expect(menuButton).toHaveFocus()
})

test("the hamburger menu of a logged-in person offers the dashboard's pages and Logout instead of Login and Signup", async () => {
  signIn(recruiter)
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
  expect(mobile.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'About Us', 'Jobs', 'My Profile', 'Company', 'My Jobs', 'Add Job', 'Applications', 'Settings'])
  expect(mobile.getByRole('button', { name: 'Logout' })).toBeVisible()
  expect(mobile.getByRole('img', { name: "Raj Rao's profile picture" })).toBeVisible()
})

test('an Admin\'s hamburger menu names every link differently: the site\'s "Jobs" and the console\'s "Manage Jobs"', async () => {
  signIn(admin)
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
  const names = mobile.getAllByRole('link').map((link) => link.textContent)
  expect(names).toEqual(['Home', 'About Us', 'Jobs', 'My Profile', 'Overview', 'Categories', 'Manage Jobs', 'Accounts', 'Companies', 'Audit Log', 'Settings'])
  expect(new Set(names).size).toBe(names.length)
  expect(mobile.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs')
  expect(mobile.getByRole('link', { name: 'Manage Jobs' })).toHaveAttribute('href', '/dashboard/admin/jobs')
})

test('the hamburger menu closes when the focus leaves it with Tab', async () => {
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
  mobile.getByRole('link', { name: 'Signup' }).focus()
  await user.tab()
  expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('moving to another page puts the focus on its main heading and announces its title; the first load does not', async () => {
  const { user } = renderApp('/about')
  const about = await screen.findByRole('heading', { level: 1, name: 'About Us' })
  expect(about).not.toHaveFocus()
  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }))
  const home = await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })
  await waitFor(() => expect(home).toHaveFocus())
  await waitFor(() => expect(document.querySelector('[aria-live="polite"][aria-atomic="true"]')).toHaveTextContent(document.title))
})

test.each([
  ['Applicant', applicant],
  ['Recruiter', recruiter],
  ['Admin', admin],
])('an %s\'s hamburger menu has no two links of the same name; "Jobs" is the search', async (_type, account) => {
  signIn(account)
  const { user } = renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  const names = within(screen.getByRole('navigation', { name: 'Mobile' }))
    .getAllByRole('link')
    .map((link) => link.textContent)
  expect(new Set(names).size).toBe(names.length)
  expect(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs')
})
