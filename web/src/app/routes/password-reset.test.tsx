import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

test('a reset request shows "Reset Email Sent" and the "Check email" state with "Resend Email" and "Back To Login"', async () => {
  const bodies: unknown[] = []
  server.use(http.post('/auth/reset-password-token', async ({ request, response }) => {
    bodies.push(await request.json())
    return response(200).json({ success: true, message: 'If an account exists for this email, a password reset link has been sent to it' })
  }))
  const { user } = renderApp('/forgot-password')
  await user.type(await screen.findByLabelText('Email Address'), 'ann@example.com')
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Check email' })).toBeVisible()
  expect(screen.getByText('Reset Email Sent')).toBeInTheDocument()
  expect(screen.getByText('We have sent the reset email to ann@example.com')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Back To Login' })).toHaveAttribute('href', '/login')
  await user.click(screen.getByRole('button', { name: 'Resend Email' }))
  await waitFor(() => expect(bodies).toEqual([{ email: 'ann@example.com' }, { email: 'ann@example.com' }]))
})

test('an empty reset request shows "Please enter your email address."', async () => {
  const { user } = renderApp('/forgot-password')
  await user.click(await screen.findByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Please enter your email address.')).toBeVisible()
})

test('a failed reset request shows "Failed To Send Reset Email"', async () => {
  server.use(http.post('/auth/reset-password-token', ({ response }) => response(400).json({ success: false, message: 'Please enter a valid email address' })))
  const { user } = renderApp('/forgot-password')
  await user.type(await screen.findByLabelText('Email Address'), 'ann')
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Failed To Send Reset Email')).toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
})

test('a new password is sent with the token from the last path segment; success shows "Password Reset Successfully" and opens /login', async () => {
  let body: unknown
  server.use(http.post('/auth/reset-password', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'Password reset successful' })
  }))
  const { user, router } = renderApp('/update-password/abc123')
  await user.type(await screen.findByLabelText('New Password'), 'newsecret123')
  await user.type(screen.getByLabelText('Confirm New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Reset Password' }))
  expect(await screen.findByText('Password Reset Successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  expect(body).toEqual({ password: 'newsecret123', confirmPassword: 'newsecret123', token: 'abc123' })
})

test('a refused reset shows the server message, or "Failed To Reset Password" without one, in a toast and beside the field', async () => {
  server.use(http.post('/auth/reset-password', ({ response }) => response(400).json({ success: false, message: 'The reset link is invalid or has expired' })))
  const { user } = renderApp('/update-password/expired')
  await user.type(await screen.findByLabelText('New Password'), 'newsecret123')
  await user.type(screen.getByLabelText('Confirm New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Reset Password' }))
  await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('The reset link is invalid or has expired'))
  expect(screen.getAllByText('The reset link is invalid or has expired')).toHaveLength(2)

  server.use(http.post('/auth/reset-password', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  await user.click(screen.getByRole('button', { name: 'Reset Password' }))
  await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Failed To Reset Password'))
})

test('new passwords that do not match: the server reason "Passwords Do Not Match" sits beside the confirmation as well as in a toast', async () => {
  server.use(http.post('/auth/reset-password', ({ response }) => response(400).json({ success: false, message: 'Passwords Do Not Match' })))
  const { user, router } = renderApp('/update-password/abc123')
  await user.type(await screen.findByLabelText('New Password'), 'newsecret123')
  await user.type(screen.getByLabelText('Confirm New Password'), 'newsecret124')
  await user.click(screen.getByRole('button', { name: 'Reset Password' }))
  await waitFor(() => expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords Do Not Match'))
  expect(screen.getByLabelText('Confirm New Password')).toHaveFocus()
  expect(screen.getAllByText('Passwords Do Not Match')).toHaveLength(2)
  expect(router.state.location.pathname).toBe('/update-password/abc123')
})

test('a refused reset the server gave no words for says "Failed To Reset Password" in a toast as well as beside the new password', async () => {
  server.use(http.post('/auth/reset-password', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  const { user } = renderApp('/update-password/abc123')
  await user.type(await screen.findByLabelText('New Password'), 'newsecret123')
  await user.type(screen.getByLabelText('Confirm New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Reset Password' }))
  await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Failed To Reset Password'))
  expect(screen.getAllByText('Failed To Reset Password')).toHaveLength(2)
  expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument()
})
