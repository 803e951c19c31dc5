import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { sessionStore } from '@/lib/auth/session'
import { applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { safeNext, withNext } from '@/lib/next-page'
import { http, server } from '@/testing/server'
import { reloadStores, signIn } from '@/testing/session'

test('the login page says welcome back and its e-mail input is plain text', async () => {
  renderApp('/login')
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'text')
  expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password')
})

test('a successful Applicant login stores token and user, shows "Login Successful" and opens /dashboard/my-profile', async () => {
  let body: unknown
  server.use(http.post('/auth/login', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'Logged in successfully', token: 'applicant-token', user: applicant })
  }))
  const { user, router, queryClient } = renderApp('/login')
  // Whatever the tab cached for the person before does not survive the login.
  queryClient.setQueryData(['applications', 'mine', 'u-someone-else'], [])
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  expect(await screen.findByText('Login Successful')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(body).toEqual({ email: 'ann@example.com', password: 'secret123' })
  expect(localStorage.getItem('token')).toBe('applicant-token')
  expect(JSON.parse(localStorage.getItem('user')!)).toEqual(applicant)
  expect(sessionStore.get().token).toBe('applicant-token')
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(applicant)
  expect(queryClient.getQueryData(['applications', 'mine', 'u-someone-else'])).toBeUndefined()
})

test('a refused login shows the server message and stores nothing', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(401).json({ success: false, message: 'Incorrect email or password' })))
  const { user, router } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'wrong-password')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  // Beside the password and in a toast: both come, in either order.
  await waitFor(() => expect(screen.getAllByText('Incorrect email or password')).toHaveLength(2))
  expect(router.state.location.pathname).toBe('/login')
  expect(localStorage.getItem('token')).toBeNull()
})

test('an empty login shows both messages and sends nothing', async () => {
  const { user } = renderApp('/login')
  await user.click(await screen.findByRole('button', { name: 'Login' }))
  expect(await screen.findByText('Please enter your email address.')).toBeVisible()
  expect(screen.getByText('Please enter your password.')).toBeVisible()
})

test('the password show/hide toggle reveals the login password', async () => {
  const { user } = renderApp('/login')
  const password = await screen.findByLabelText('Password')
  await user.click(screen.getByRole('button', { name: 'Show Password' }))
  expect(password).toHaveAttribute('type', 'text')
})

test('a login asked for by another page returns there (?next=), and never to another site', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'applicant-token', user: applicant })))
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  server.use(http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'ok', applications: [] })))
  const { user, router } = renderApp('/login?next=/job/j1')
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/job/j1'))

  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'javascript:alert(1)', 'job/j1', '']) {
    expect(safeNext(next)).toBeNull()
  }
  expect(safeNext('/dashboard/my-jobs?page=2')).toBe('/dashboard/my-jobs?page=2')
  expect(withNext('/login', '/jobs?q=rust&page=2')).toBe('/login?next=/jobs%3Fq%3Drust%26page%3D2')
  expect(withNext('/login', '//evil.example/')).toBe('/login')
})

test('a login refuses to return to another site: ?next=//evil.example/, https://evil.example/ or a tab-hidden /%09/evil.example lead to My Profile', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'applicant-token', user: applicant })))
  for (const next of ['//evil.example/', 'https%3A%2F%2Fevil.example%2F', '/%09/evil.example']) {
    const { user, router, unmount } = renderApp(`/login?next=${next}`)
    // Signup is not handed the unsafe address either.
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup')
    await user.type(screen.getByLabelText('Email Address'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
    unmount()
    localStorage.clear()
    reloadStores()
  }
})

test('"Signup" on a login asked for by another page carries that page on (?next=/job/j1)', async () => {
  renderApp('/login?next=/job/j1')
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup?next=/job/j1')
})

/** Logs the recruiter in on the page open at `path`. */
async function logInRecruiter(path: string) {
  server.use(http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'recruiter-token', user: recruiter })))
  const view = renderApp(path)
  await view.user.type(await screen.findByLabelText('Email Address'), 'raj@example.com')
  await view.user.type(screen.getByLabelText('Password'), 'secret123')
  await view.user.click(screen.getByRole('button', { name: 'Login' }))
  expect(await screen.findByText('Login Successful')).toBeInTheDocument()
  return view
}

test('a Recruiter\'s login lands on their work, My Jobs, not on My Profile', async () => {
  const { router } = await logInRecruiter('/login')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
})

test('a Recruiter\'s login asked for by a protected page (?next=/dashboard/settings) returns there first, not to My Jobs', async () => {
  const { router } = await logInRecruiter('/login?next=/dashboard/settings')
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/settings')
})

test('a Recruiter who logs in from "Log in to apply" (?next=/job/j1) goes to My Jobs, as they cannot apply', async () => {
  const { router } = await logInRecruiter('/login?next=/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
})

test('a logged-in Recruiter opening /login goes to My Jobs', async () => {
  signIn(recruiter)
  const { router } = renderApp('/login')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
})

test('a refused login shows the reason beside the password as well as in a toast', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(401).json({ success: false, message: 'Invalid email or password' })))
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'wrong-one')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Invalid email or password'))
  expect(screen.getAllByText('Invalid email or password')).toHaveLength(2)
  expect(localStorage.getItem('token')).toBeNull()
})

test('a login without a network says the person appears to be offline, beside the password and in a toast', async () => {
  server.use(http.post('/auth/login', ({ response }) => response.untyped(HttpResponse.error())))
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('You appear to be offline. Try again'))
  expect(screen.getAllByText('You appear to be offline. Try again')).toHaveLength(2)
})

test('a logged-in person opening /login?next= goes straight there; an unsafe next leads to the dashboard', async () => {
  signIn(applicant)
  server.use(http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'ok', applications: [] })))
  const { router } = renderApp('/login?next=/dashboard/settings')
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'))

  const other = renderApp('/login?next=//evil.example/')
  await waitFor(() => expect(other.router.state.location.pathname).toBe('/dashboard/my-profile'))
})

test('a suspended account\'s login shows "This account has been suspended" beside the password and in a toast', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(403).json({ success: false, message: 'This account has been suspended' })))
  const { user, router } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'raj@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This account has been suspended'))
  expect(screen.getAllByText('This account has been suspended')).toHaveLength(2)
  expect(router.state.location.pathname).toBe('/login')
  expect(localStorage.getItem('token')).toBeNull()
})

const SUSPENDED_HELP =
  "An administrator suspended this account; the e-mail we sent you gives the reason. If you think it is a mistake, write to support@jobportal.example from the account's e-mail address, or see Contact."

test('a suspended account is told, under the server\'s message, who to write to: the support address and the Contact page', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(403).json({ success: false, message: 'This account has been suspended' })))
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'raj@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  const help = within(await screen.findByRole('region', { name: 'What you can do' }))
  expect(help.getByText((_, element) => element?.tagName === 'P' && element.textContent === SUSPENDED_HELP)).toBeVisible()
  expect(help.getByRole('link', { name: 'support@jobportal.example' })).toHaveAttribute('href', 'mailto:support@jobportal.example')
  expect(help.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
  // The server's own words stay as they were, beside the password.
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This account has been suspended')
})

test('wrong credentials get no suspension help', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(401).json({ success: false, message: 'Invalid email or password' })))
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText('Email Address'), 'raj@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Invalid email or password'))
  expect(screen.queryByRole('region', { name: 'What you can do' })).not.toBeInTheDocument()
})
