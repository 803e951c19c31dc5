import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { reloadStores, setSignupData } from '@/features/auth/store'
import type { SignupData } from '@/features/auth/types'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'

const pending: SignupData = {
  accountType: 'Applicant', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret123', confirmPassword: 'secret123',
}

test('/verify-email without pending signup data redirects to /signup', async () => {
  const { router } = renderApp('/verify-email')
  expect(await screen.findByRole('tab', { name: 'Applicant' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/signup')
})

test('a correct code sends the signup, shows "Signup Successful" and opens /login', async () => {
  let body: unknown
  server.use(http.post(apiUrl('/auth/signup'), async ({ request }) => {
    body = await request.json()
    return HttpResponse.json({ success: true, message: 'User registered successfully', user: {} })
  }))
  setSignupData(pending)
  const { user, router } = renderApp('/verify-email')
  expect(await screen.findByText('A verification code has been sent to ann@example.com. Enter the code below.')).toBeVisible()
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }))
  await user.paste('123456')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Signup Successful')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  expect(body).toEqual({ ...pending, otp: '123456' })
})

test('a refused code keeps the person on /verify-email with the server reason beside the emptied boxes', async () => {
  server.use(http.post(apiUrl('/auth/signup'), () => HttpResponse.json({ success: false, message: 'The OTP is invalid or has expired' }, { status: 400 })))
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

test('the pending signup survives a reload of /verify-email (it is kept for the tab), and the first box has the focus', async () => {
  setSignupData(pending)
  reloadStores()
  renderApp('/verify-email')
  expect(await screen.findByText(`A verification code has been sent to ${pending.email}. Enter the code below.`)).toBeVisible()
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
  server.use(http.post(apiUrl('/auth/sendotp'), async ({ request }) => {
    body = await request.json()
    return HttpResponse.json({ success: true, message: 'OTP Sent Successfully' })
  }))
  setSignupData(pending)
  const { user } = renderApp('/verify-email')
  await user.click(await screen.findByRole('button', { name: 'Resend it' }))
  expect(await screen.findByText('OTP Sent Successfully')).toBeInTheDocument()
  expect(body).toEqual({ email: 'ann@example.com', checkUserPresent: true })
  expect(screen.getByRole('link', { name: 'Back To Signup' })).toHaveAttribute('href', '/signup')
})
