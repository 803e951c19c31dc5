import { screen, waitFor, within } from '@testing-library/react'
import { setSignupData } from '@/features/auth/store'
import type { SignupData } from '@/features/auth/types'
import type { User } from '@/lib/auth'
import { applicant, emptyApplicantDetails, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { reloadStores } from '@/testing/session'

/**
 * A new account keeps what the person came for (issue 25): the page a login was asked for travels
 * through Login, Signup and Verify Email as `?next=`, and the new account, logged in by the signup
 * answer's token, lands there.
 */

const pending = (accountType: SignupData['accountType']): SignupData => ({
  accountType,
  firstName: accountType === 'Applicant' ? 'Ann' : 'Raj',
  lastName: accountType === 'Applicant' ? 'Lee' : 'Rao',
  email: accountType === 'Applicant' ? 'ann@example.com' : 'raj@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
})

/** The server: a code is mailed, and the signup with it answers with the new account and a session for it. */
function answerSignup(account: User) {
  const sent: unknown[] = []
  server.use(
    http.post('/auth/sendotp', ({ response }) => response(200).json({ success: true, message: 'OTP Sent Successfully' })),
    http.post('/auth/signup', async ({ request, response }) => {
      sent.push(await request.json())
      return response(200).json({ success: true, message: 'User registered successfully', token: `${account.accountType}-session`, user: account })
    }),
    // A new applicant has no resume yet.
    http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message: 'ok', data: emptyApplicantDetails() })),
  )
  return sent
}

type Ui = ReturnType<typeof renderApp>['user']

async function fillSignup(user: Ui, data: SignupData) {
  await user.type(screen.getByLabelText('First Name'), data.firstName)
  await user.type(screen.getByLabelText('Last Name'), data.lastName)
  await user.type(screen.getByLabelText('Email Address'), data.email)
  await user.type(screen.getByLabelText('Create Password'), data.password)
  await user.type(screen.getByLabelText('Confirm Password'), data.confirmPassword)
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
}

async function enterCode(user: Ui) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible()
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('123456')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Signup Successful')).toBeInTheDocument()
}

const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search

test('a guest taps "Log in to apply", then "Signup", enters the code and is back on that job, logged in, with Apply and a prompt to add a resume', async () => {
  const sent = answerSignup(applicant)
  const { user, router } = renderApp('/job/j1')
  await user.click(await screen.findByRole('link', { name: 'Log in to apply' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Signup' }))
  expect(await screen.findByRole('tab', { name: 'Applicant' })).toHaveAttribute('aria-selected', 'true')
  expect(where(router)).toBe('/signup?next=/job/j1')

  await fillSignup(user, pending('Applicant'))
  await waitFor(() => expect(where(router)).toBe('/verify-email?next=/job/j1'))
  await enterCode(user)

  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/job/j1')
  expect(await screen.findByRole('button', { name: 'Apply' })).toBeEnabled()
  expect(screen.queryByRole('link', { name: 'Log in to apply' })).not.toBeInTheDocument()
  const prompt = within(await screen.findByRole('region', { name: 'Complete your profile' }))
  expect(prompt.getByRole('link', { name: 'Upload a resume' })).toHaveAttribute('href', '/dashboard/settings?next=/job/j1')
  expect(localStorage.getItem('token')).toBe('Applicant-session')
  expect(sent).toEqual([{ ...pending('Applicant'), otp: '123456' }])
})

test('"Post a job" leads a guest through Login to Signup on the Recruiter tab, and the new recruiter lands on Add Job', async () => {
  answerSignup(recruiter)
  const { user, router } = renderApp('/')
  await user.click(await screen.findByRole('link', { name: 'Post a job' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Signup' }))
  expect(await screen.findByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tabpanel', { name: 'Recruiter' })).toBeInTheDocument()
  expect(where(router)).toBe('/signup?next=/dashboard/add-job')

  await fillSignup(user, pending('Recruiter'))
  await waitFor(() => expect(where(router)).toBe('/verify-email?next=/dashboard/add-job'))
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/add-job')
  expect(localStorage.getItem('token')).toBe('Recruiter-session')
})

test('a Recruiter signing up from "Log in to apply" goes to their dashboard, not to a job they cannot apply to', async () => {
  answerSignup(recruiter)
  setSignupData(pending('Recruiter'))
  const { user, router } = renderApp('/verify-email?next=/job/j1')
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-profile')
})

test('an Applicant signing up from "Post a job" goes to their dashboard, not to an Add Job that does not exist for them', async () => {
  answerSignup(applicant)
  setSignupData(pending('Applicant'))
  const { user, router } = renderApp('/verify-email?next=/dashboard/add-job')
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-profile')
})

test('a signup never leads to another site: ?next=//evil.example/, https://evil.example/ or /%09/evil.example end on My Profile', async () => {
  answerSignup(applicant)
  // As they stand in the address bar: the last is a tab, which a browser drops to read "//evil.example".
  for (const next of ['//evil.example/', 'https%3A%2F%2Fevil.example%2F', '/%09/evil.example']) {
    setSignupData(pending('Applicant'))
    const { user, router, unmount } = renderApp(`/verify-email?next=${next}`)
    // Nor are the links on the page handed the unsafe address.
    expect(await screen.findByRole('link', { name: 'Back To Signup' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login')
    await enterCode(user)
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/dashboard/my-profile')
    unmount()
    localStorage.clear()
    reloadStores()
  }
})

test('the signup form does not carry an unsafe next on: "Login" and the code screen go without it', async () => {
  answerSignup(applicant)
  const { user, router } = renderApp('/signup?next=//evil.example/')
  await screen.findByRole('tab', { name: 'Applicant' })
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  await fillSignup(user, pending('Applicant'))
  await waitFor(() => expect(where(router)).toBe('/verify-email'))
})

test('Login reached from the code screen ("log in") has the signed-up e-mail filled in and keeps where the person was heading', async () => {
  setSignupData(pending('Applicant'))
  const { user, router } = renderApp('/verify-email?next=/job/j1')
  const login = await screen.findByRole('link', { name: 'log in' })
  expect(login).toHaveAttribute('href', '/login?next=/job/j1')
  expect(screen.getByRole('link', { name: 'Back To Signup' })).toHaveAttribute('href', '/signup?next=/job/j1')
  await user.click(login)
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(where(router)).toBe('/login?next=/job/j1')
  expect(screen.getByLabelText('Email Address')).toHaveValue('ann@example.com')
  expect(screen.getByLabelText('Password')).toHaveValue('')
})

test('Login reached from the signup form ("Already have an account? Login") has the e-mail typed there filled in', async () => {
  const { user, router } = renderApp('/signup?next=/job/j1')
  await user.type(await screen.findByLabelText('Email Address'), ' ann@example.com ')
  const login = within(screen.getByRole('main')).getByRole('link', { name: 'Login' })
  expect(login).toHaveAttribute('href', '/login?next=/job/j1')
  await user.click(login)
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(where(router)).toBe('/login?next=/job/j1')
  expect(screen.getByLabelText('Email Address')).toHaveValue('ann@example.com')
})
