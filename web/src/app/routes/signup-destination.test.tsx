import { screen, waitFor, within } from '@testing-library/react'
import { setSignupData } from '@/features/auth/store'
import type { SignupData } from '@/features/auth/types'
import type { User } from '@/lib/auth'
import { applicant, applicantDetails, emptyApplicantDetails, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { reloadStores } from '@/testing/session'

/**
 * A new account keeps what the person came for: the page a login was asked for (or the page the
 * header's Login or Signup was clicked on) travels through Login, Signup and Verify Email as
 * `?next=`, and the new account, logged in by the signup answer's token, lands there.
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

test('"Post a job" leads a guest straight to Signup on the Recruiter tab, and the new recruiter lands on Add Job', async () => {
  const sent = answerSignup(recruiter)
  const { user, router } = renderApp('/')
  await user.click(await screen.findByRole('link', { name: 'Post a job' }))
  expect(await screen.findByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tabpanel', { name: 'Recruiter' })).toBeInTheDocument()
  expect(where(router)).toBe('/signup?next=/dashboard/add-job')

  await fillSignup(user, pending('Recruiter'))
  await waitFor(() => expect(where(router)).toBe('/verify-email?next=/dashboard/add-job'))
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/add-job')
  expect(localStorage.getItem('token')).toBe('Recruiter-session')
  expect(sent).toEqual([{ ...pending('Recruiter'), otp: '123456' }])
})

test('a Recruiter signing up from "Log in to apply" goes to their work, My Jobs, not to a job they cannot apply to', async () => {
  answerSignup(recruiter)
  setSignupData(pending('Recruiter'))
  const { user, router } = renderApp('/verify-email?next=/job/j1')
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
})

test('the header\'s Signup, clicked on a job page, brings the new applicant back to that job', async () => {
  answerSignup(applicant)
  const { user, router } = renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Signup' }))
  expect(await screen.findByRole('tab', { name: 'Applicant' })).toHaveAttribute('aria-selected', 'true')
  expect(where(router)).toBe('/signup?next=/job/j1')

  await fillSignup(user, pending('Applicant'))
  await waitFor(() => expect(where(router)).toBe('/verify-email?next=/job/j1'))
  await enterCode(user)
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(where(router)).toBe('/job/j1')
  expect(await screen.findByRole('button', { name: 'Apply' })).toBeEnabled()
})

test('the header\'s Login, clicked on a job page, brings the applicant back to that job', async () => {
  server.use(http.post('/auth/login', ({ response }) => response(200).json({ success: true, message: 'Logged in successfully', token: 'applicant-token', user: applicant })))
  const { user, router } = renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(where(router)).toBe('/login?next=/job/j1')
  await user.type(screen.getByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Login' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(where(router)).toBe('/job/j1')
})

/** After a signup from the job page: its prompt's "Upload a resume", to Settings, which names the way back. */
async function takeResumeDetour(user: Ui, router: ReturnType<typeof renderApp>['router']) {
  const prompt = within(await screen.findByRole('region', { name: 'Complete your profile' }))
  await user.click(prompt.getByRole('link', { name: 'Upload a resume' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  expect(where(router)).toBe('/dashboard/settings?next=/job/j1')
  expect(screen.getByRole('link', { name: 'Back to the job' })).toHaveAttribute('href', '/job/j1')
}

/** The applicant is back on the job, its apply dialog open (and focused) for what they came for. */
async function expectBackToApply(router: ReturnType<typeof renderApp>['router']) {
  const dialog = await screen.findByRole('dialog', { name: 'Apply for Backend Developer' })
  expect(where(router)).toBe('/job/j1')
  expect(screen.getByRole('heading', { level: 1, name: 'Backend Developer' })).toBeInTheDocument()
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
  // The entry forgets it: Back or a reload to it shows the job, not the dialog again.
  await waitFor(() => expect(router.state.location.state).toBeNull())
  return within(dialog)
}

test('the resume detour after a signup from a job: the upload brings the applicant back to that job with the apply dialog open, naming the new resume', async () => {
  answerSignup(applicant)
  let uploaded = false
  server.use(
    http.post('/upload/uploadResume', ({ response }) => {
      uploaded = true
      return response(200).json({ success: true, message: 'Resume uploaded successfully', updatedApplicant: applicantDetails({ resumeName: 'ann-cv.pdf' }) })
    }),
    http.get('/auth/applicantDetails', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: uploaded ? applicantDetails({ resumeName: 'ann-cv.pdf' }) : emptyApplicantDetails() }),
    ),
  )
  const { user, router } = renderApp('/signup?next=/job/j1')
  await screen.findByRole('tab', { name: 'Applicant' })
  await fillSignup(user, pending('Applicant'))
  await enterCode(user)
  await takeResumeDetour(user, router)

  const resume = within(screen.getByRole('region', { name: 'Resume' }))
  await user.upload(resume.getByLabelText('Browse'), new File(['%PDF-1.4\n%%EOF\n'], 'ann-cv.pdf', { type: 'application/pdf' }))
  await user.click(resume.getByRole('button', { name: 'Upload' }))
  expect(await screen.findByText('Resume uploaded successfully')).toBeInTheDocument()

  const dialog = await expectBackToApply(router)
  expect(await dialog.findByRole('link', { name: 'ann-cv.pdf' })).toBeVisible()
  expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()

  // Closed, the dialog gives the focus to Apply (it had no opener on this page).
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus()
})

test('the resume detour skipped: "Back to the job" on Settings brings the applicant back to that job with the apply dialog open', async () => {
  answerSignup(applicant)
  const { user, router } = renderApp('/signup?next=/job/j1')
  await screen.findByRole('tab', { name: 'Applicant' })
  await fillSignup(user, pending('Applicant'))
  await enterCode(user)
  await takeResumeDetour(user, router)

  await user.click(screen.getByRole('link', { name: 'Back to the job' }))
  const dialog = await expectBackToApply(router)
  expect(await dialog.findByText(/You have not uploaded a resume/)).toBeVisible()
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
