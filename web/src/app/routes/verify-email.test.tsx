import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { authStore, setSignupData } from '@/features/auth/store'
import { sessionStore } from '@/lib/auth/session'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { reloadStores } from '@/testing/session'
import type { SignupData } from '@/features/auth/types'
import { applicant } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

const pending: SignupData = {
  accountType: 'Applicant', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret123', confirmPassword: 'secret123',
}

test('/verify-email without pending signup data redirects to /signup', async () => {
  const { router } = renderApp('/verify-email')
  expect(await screen.findByRole('tab', { name: 'Applicant' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/signup')
})

test('a correct code sends the signup, shows "Signup Successful" and logs the new account in with the answer\'s token: My Profile, no second login', async () => {
  let body: unknown
  server.use(http.post('/auth/signup', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'User registered successfully', token: 'new-applicant-token', user: applicant })
  }))
  setSignupData(pending)
  const { user, router, queryClient } = renderApp('/verify-email')
  expect(await screen.findByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible()
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('123456')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Signup Successful')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-profile')
  expect(body).toEqual({ ...pending, otp: '123456' })
  // The session is stored exactly as a login stores it.
  expect(localStorage.getItem('token')).toBe('new-applicant-token')
  expect(JSON.parse(localStorage.getItem('user')!)).toEqual(applicant)
  expect(sessionStore.get().token).toBe('new-applicant-token')
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(applicant)
  expect(sessionStorage.getItem('pendingSignup')).toBeNull()
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu' })).toBeVisible()
})

test('a signup answer without a token (an older server) leads to Login with the signed-up e-mail filled in', async () => {
  server.use(http.post('/auth/signup', ({ response }) =>
    response.untyped(HttpResponse.json({ success: true, message: 'User registered successfully', user: applicant })),
  ))
  setSignupData(pending)
  const { user, router } = renderApp('/verify-email?next=/job/j1')
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('123456')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(router.state.location.pathname + router.state.location.search).toBe('/login?next=/job/j1')
  expect(screen.getByLabelText('Email Address')).toHaveValue('ann@example.com')
  expect(localStorage.getItem('token')).toBeNull()
})

test('a refused code keeps the person on /verify-email with the server reason beside the emptied boxes', async () => {
  server.use(http.post('/auth/signup', ({ response }) => response(400).json({ success: false, message: 'The OTP is invalid or has expired' })))
  setSignupData(pending)
  const { user, router } = renderApp('/verify-email')
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('000000')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('The OTP is invalid or has expired')
  expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription('The OTP is invalid or has expired')
  expect(router.state.location.pathname).toBe('/verify-email')
  expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('')
  expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus()

  // Back to the form, everything typed there is still there to correct.
  await user.click(screen.getByRole('link', { name: 'Back To Signup' }))
  expect(await screen.findByLabelText('First Name')).toHaveValue(pending.firstName)
  expect(screen.getByRole('tab', { name: pending.accountType })).toHaveAttribute('aria-selected', 'true')
})

const SENT_TO = (email: string) =>
  `We sent a 6-digit code to ${email}. If this address already has an account, the e-mail tells you so instead: log in, or reset your password.`

test('the pending signup survives a reload of /verify-email (it is kept for the tab), and the first box has the focus', async () => {
  setSignupData(pending)
  reloadStores()
  renderApp('/verify-email')
  expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === SENT_TO(pending.email))).toBeVisible()
  expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus()
  expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login')
  expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/forgot-password')
})

test('an incomplete code is not sent', async () => {
  setSignupData(pending)
  const { user } = renderApp('/verify-email')
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.keyboard('12')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Please enter all 6 digits of the code.')).toBeVisible()
})

test('"Resend it" requests a new code for the pending address; "Back To Signup" leads to /signup', async () => {
  let body: unknown
  server.use(http.post('/auth/sendotp', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'OTP Sent Successfully' })
  }))
  setSignupData(pending)
  const { user } = renderApp('/verify-email')
  await user.click(await screen.findByRole('button', { name: 'Resend it' }))
  expect(await screen.findByText('OTP Sent Successfully')).toBeInTheDocument()
  expect(body).toEqual({ email: 'ann@example.com', checkUserPresent: true })
  expect(screen.getByRole('link', { name: 'Back To Signup' })).toHaveAttribute('href', '/signup')
})

test('after a refused code, "Send a new code" beside the reason mails a new one for the pending address and clears the reason', async () => {
  server.use(http.post('/auth/signup', ({ response }) => response(400).json({ success: false, message: 'The OTP is invalid or has expired' })))
  let body: unknown
  server.use(http.post('/auth/sendotp', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'OTP Sent Successfully' })
  }))
  setSignupData(pending)
  const { user, router } = renderApp('/verify-email')
  expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument()
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('000000')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('The OTP is invalid or has expired')
  expect(screen.getAllByText('The OTP is invalid or has expired')).toHaveLength(2) // beside the boxes and in the toast
  await user.click(screen.getByRole('button', { name: 'Send a new code' }))
  expect(await screen.findByText('OTP Sent Successfully')).toBeInTheDocument()
  expect(body).toEqual({ email: 'ann@example.com', checkUserPresent: true })
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument())
  expect(screen.queryByText('The OTP is invalid or has expired', { selector: '#otp-error' })).not.toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus()
  expect(router.state.location.pathname).toBe('/verify-email')
})

test('"Send a new code" shows the server reason when no new code can be sent', async () => {
  server.use(
    http.post('/auth/signup', ({ response }) => response(400).json({ success: false, message: 'The OTP is invalid or has expired' })),
    http.post('/auth/sendotp', ({ response }) => response(429).json({ success: false, message: 'Too many requests, try again later' })),
  )
  setSignupData(pending)
  const { user } = renderApp('/verify-email')
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('000000')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  await user.click(await screen.findByRole('button', { name: 'Send a new code' }))
  expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument()
})

test('leaving the signup flow drops the pending signup from the tab; going back to /signup keeps it', async () => {
  setSignupData(pending)
  const { user, router } = renderApp('/verify-email')
  await user.click(await screen.findByRole('link', { name: 'Back To Signup' }))
  expect(await screen.findByLabelText('First Name')).toHaveValue(pending.firstName)
  expect(sessionStorage.getItem('pendingSignup')).not.toBeNull()
  await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Login' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  await waitFor(() => expect(sessionStorage.getItem('pendingSignup')).toBeNull())
  expect(authStore.get().signupData).toBeNull()
})

test('a refused code the server gave no words for says "Signup Failed" beside the boxes and in a toast', async () => {
  server.use(http.post('/auth/signup', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  setSignupData(pending)
  const { user } = renderApp('/verify-email')
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('000000')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Signup Failed')
  await waitFor(() => expect(screen.getAllByText('Signup Failed')).toHaveLength(2))
  expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument()
})
