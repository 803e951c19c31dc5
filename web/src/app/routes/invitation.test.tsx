import { screen, waitFor, within } from '@testing-library/react'
import { signupAccountType } from '@/features/auth/destination'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { answerInvitationLink, invitationDetails } from '@/testing/teams'

const PAGE = '/invitations/tok1'

const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search

/** Opens the link as whoever is signed in (a guest unless the test signed someone in), once the invitation has loaded. */
async function openInvitation() {
  const view = renderApp(PAGE)
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme invited you to join as a recruiter' })).toBeVisible()
  return view
}

test("the link's page names the company, the role and the address the invitation was sent to, with a link to the company's page", async () => {
  answerInvitationLink('tok1', invitationDetails({ expiresAt: '2026-03-12T10:00:00Z' }))
  await openInvitation()
  expect(document.title).toBe('Join Acme | jobportal')
  expect(screen.getByText(/The invitation was sent to/)).toHaveTextContent('The invitation was sent to raj@example.com and works until 12 March 2026.')
  expect(screen.getByRole('link', { name: 'About Acme' })).toHaveAttribute('href', '/company/acme')
})

test.each([
  ['hiringManager', 'Acme invited you to join as a hiring manager'],
  ['owner', 'Acme invited you to join as an owner'],
] as const)('an invitation as %s says "%s"', async (role, heading) => {
  answerInvitationLink('tok1', invitationDetails({ role }))
  renderApp(PAGE)
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
})

test('a guest is offered "Log in to accept" and "Sign up to accept", each coming back to this page', async () => {
  answerInvitationLink('tok1')
  await openInvitation()
  expect(screen.getByText('Log in with that address, or sign up as a recruiter with it, to accept.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute('href', '/login?next=/invitations/tok1')
  expect(screen.getByRole('link', { name: 'Sign up to accept' })).toHaveAttribute('href', '/signup?next=/invitations/tok1')
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
})

test('"Log in to accept" opens Login with the invited address filled in, and the recruiter comes back to the invitation to accept it', async () => {
  answerInvitationLink('tok1')
  server.use(
    http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'recruiter-token', user: recruiter })),
  )
  const { user, router } = await openInvitation()
  await user.click(screen.getByRole('link', { name: 'Log in to accept' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(where(router)).toBe('/login?next=/invitations/tok1')
  expect(screen.getByLabelText('Email Address')).toHaveValue('raj@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeEnabled()
  expect(router.state.location.pathname).toBe(PAGE)
})

test('"Sign up to accept" opens Signup on the Recruiter tab; the `next` goes through Verify Email and the new recruiter is back on the invitation, with no company of their own asked for', async () => {
  answerInvitationLink('tok1')
  const signups: unknown[] = []
  let companyAsked = 0
  server.use(
    http.post('/auth/sendotp', ({ response }) => response(200).json({ success: true, message: 'OTP Sent Successfully' })),
    http.post('/auth/signup', async ({ request, response }) => {
      signups.push(await request.json())
      return response(200).json({ success: true, message: 'User registered successfully', token: 'new-session', user: recruiter })
    }),
    http.get('/company', ({ response }) => {
      companyAsked++
      return response(404).json({ success: false, message: 'You are not a member of a company' })
    }),
  )
  const { user, router } = await openInvitation()
  await user.click(screen.getByRole('link', { name: 'Sign up to accept' }))
  expect(await screen.findByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
  expect(where(router)).toBe('/signup?next=/invitations/tok1')

  await user.type(screen.getByLabelText('First Name'), 'Raj')
  await user.type(screen.getByLabelText('Last Name'), 'Rao')
  await user.type(screen.getByLabelText('Email Address'), 'raj@example.com')
  await user.type(screen.getByLabelText('Create Password'), 'secret123')
  await user.type(screen.getByLabelText('Confirm Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  await waitFor(() => expect(where(router)).toBe('/verify-email?next=/invitations/tok1'))
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('123456')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))

  expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeEnabled()
  expect(router.state.location.pathname).toBe(PAGE)
  expect(signups).toEqual([
    { accountType: 'Recruiter', firstName: 'Raj', lastName: 'Rao', email: 'raj@example.com', password: 'secret123', confirmPassword: 'secret123', otp: '123456' },
  ])
  expect(companyAsked).toBe(0)
})

test('Signup opens on the Recruiter tab for an invitation\'s page only, never for a path of another site', () => {
  expect(signupAccountType('/invitations/tok1')).toBe('Recruiter')
  expect(signupAccountType('/INVITATIONS/tok1')).toBe('Recruiter')
  expect(signupAccountType('/dashboard/add-job')).toBe('Recruiter')
  expect(signupAccountType('/invitations')).toBe('Applicant')
  expect(signupAccountType('/invitations/tok1/x')).toBe('Applicant')
  expect(signupAccountType('//evil.example/invitations/tok1')).toBe('Applicant')
  expect(signupAccountType('/job/j1')).toBe('Applicant')
  expect(signupAccountType(null)).toBe('Applicant')
})

test('a Recruiter accepts: the server\'s "You joined Acme" shows and the Company screen opens', async () => {
  const accepted = answerInvitationLink('tok1')
  signIn(recruiter)
  const { user, router } = await openInvitation()
  expect(screen.queryByRole('link', { name: 'Log in to accept' })).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
  expect(await screen.findByText('You joined Acme')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 1, name: 'Company' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/company')
  expect(accepted).toEqual(['tok1'])
})

test('the invitation is accepted from the keyboard: Tab reaches "Accept invitation" and Enter presses it', async () => {
  const accepted = answerInvitationLink('tok1')
  signIn(recruiter)
  const { user } = await openInvitation()
  const accept = screen.getByRole('button', { name: 'Accept invitation' })
  for (let presses = 0; presses < 30 && document.activeElement !== accept; presses++) await user.tab()
  expect(accept).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(await screen.findByText('You joined Acme')).toBeInTheDocument()
  expect(accepted).toEqual(['tok1'])
})

test.each([
  [403, 'This invitation was sent to another e-mail address: log in with that address to accept it'],
  [409, 'You work with Globex: leave it (or hand it over) before joining another company'],
  [404, 'This invitation link is invalid or has expired'],
])('an acceptance the server refuses with %i says its message in place, read with the button, which keeps the focus', async (status, message) => {
  answerInvitationLink('tok1')
  server.use(http.post('/invitations/{token}/accept', ({ response }) => response(status as 403 | 404 | 409).json({ success: false, message })))
  signIn(recruiter)
  const { user, router } = await openInvitation()
  const accept = screen.getByRole('button', { name: 'Accept invitation' })
  await user.click(accept)
  expect(await screen.findByRole('alert')).toHaveTextContent(message)
  await waitFor(() => expect(accept).toBeEnabled())
  expect(accept).toHaveAccessibleDescription(message)
  expect(accept).toHaveFocus()
  expect(router.state.location.pathname).toBe(PAGE)
  expect(screen.queryByText('You joined Acme')).not.toBeInTheDocument()
})

test.each([applicant, admin])('an $accountType is told "Invitations are accepted with a Recruiter account." and offered no Accept', async (person) => {
  const accepted = answerInvitationLink('tok1')
  signIn(person)
  await openInvitation()
  expect(await screen.findByText('Invitations are accepted with a Recruiter account.')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Log in to accept' })).not.toBeInTheDocument()
  expect(accepted).toEqual([])
})

test("a used, revoked or expired link says the server's 404 message, announced, with no way to accept", async () => {
  answerInvitationLink('another-token')
  renderApp(PAGE)
  expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is invalid or has expired')
  expect(screen.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible()
  expect(document.title).toBe('Invitation | jobportal')
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'browse jobs' })).toHaveAttribute('href', '/jobs')
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Log in to accept' })).not.toBeInTheDocument()
})
