import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { authStore } from '@/features/auth/store'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

async function fillForm(user: ReturnType<typeof renderApp>['user'], confirm = 'secret123', password = 'secret123') {
  await user.type(screen.getByLabelText('First Name'), 'Ann')
  await user.type(screen.getByLabelText('Last Name'), 'Lee')
  await user.type(screen.getByLabelText('Email Address'), 'ann@example.com')
  await user.type(screen.getByLabelText('Create Password'), password)
  await user.type(screen.getByLabelText('Confirm Password'), confirm)
}

test('signup offers Applicant and Recruiter tabs with Applicant selected, and arrow keys switch them', async () => {
  const { user } = renderApp('/signup')
  const applicant = await screen.findByRole('tab', { name: 'Applicant' })
  const recruiter = screen.getByRole('tab', { name: 'Recruiter' })
  expect(screen.getByRole('tablist', { name: 'Account type' })).toBeInTheDocument()
  expect(applicant).toHaveAttribute('aria-selected', 'true')
  expect(recruiter).toHaveAttribute('aria-selected', 'false')
  expect(screen.getByRole('tabpanel', { name: 'Applicant' })).toBeInTheDocument()

  applicant.focus()
  await user.keyboard('{ArrowRight}')
  expect(recruiter).toHaveFocus()
  expect(recruiter).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tabpanel', { name: 'Recruiter' })).toBeInTheDocument()
})

test('different passwords show "Passwords Do Not Match" and send nothing', async () => {
  let sent = false
  server.use(http.post('/auth/sendotp', ({ response }) => {
    sent = true
    return response(200).json({ success: true, message: 'OTP Sent Successfully' })
  }))
  const { user, router } = renderApp('/signup')
  await screen.findByRole('tab', { name: 'Applicant' })
  await fillForm(user, 'different1')
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  await waitFor(() => expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords Do Not Match'))
  expect(screen.getAllByText('Passwords Do Not Match')).toHaveLength(2) // beside the field and in the toast
  expect(sent).toBe(false)
  expect(router.state.location.pathname).toBe('/signup')
})

test('a password outside 8 to 128 characters is refused in the form, with the rule shown under the field, and no code is mailed', async () => {
  let sent = false
  server.use(http.post('/auth/sendotp', ({ response }) => {
    sent = true
    return response(200).json({ success: true, message: 'OTP Sent Successfully' })
  }))
  const { user } = renderApp('/signup')
  await screen.findByRole('tab', { name: 'Applicant' })
  expect(screen.getByLabelText('Create Password')).toHaveAccessibleDescription('8 to 128 characters')
  await fillForm(user, 'short1', 'short1')
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  await waitFor(() =>
    expect(screen.getByLabelText('Create Password')).toHaveAccessibleDescription('8 to 128 characters Password must be 8 to 128 characters long'),
  )
  expect(sent).toBe(false)
})

test('empty signup fields show their messages and send nothing', async () => {
  const { user } = renderApp('/signup')
  await user.click(await screen.findByRole('button', { name: 'Create Account' }))
  expect(await screen.findByText('Please enter your first name.')).toBeVisible()
  expect(screen.getByText('Please enter your last name.')).toBeVisible()
  expect(screen.getByText('Please enter your email address.')).toBeVisible()
  expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true')
})

test('the password show/hide toggle reveals the password', async () => {
  const { user } = renderApp('/signup')
  const password = await screen.findByLabelText('Create Password')
  expect(password).toHaveAttribute('type', 'password')
  await user.click(screen.getByRole('button', { name: 'Show Create Password' }))
  expect(password).toHaveAttribute('type', 'text')
  await user.click(screen.getByRole('button', { name: 'Hide Create Password' }))
  expect(password).toHaveAttribute('type', 'password')
})

test('a valid signup requests the code, shows "OTP Sent Successfully", keeps the details and opens /verify-email', async () => {
  let body: unknown
  server.use(http.post('/auth/sendotp', async ({ request, response }) => {
    body = await request.json()
    return response(200).json({ success: true, message: 'OTP Sent Successfully' })
  }))
  const { user, router } = renderApp('/signup')
  await user.click(await screen.findByRole('tab', { name: 'Recruiter' }))
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  expect(await screen.findByText('OTP Sent Successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
  expect(body).toEqual({ email: 'ann@example.com', checkUserPresent: true })
  expect(authStore.get().signupData).toEqual({
    accountType: 'Recruiter', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret123', confirmPassword: 'secret123',
  })
  expect(authStore.get().loading).toBe(false)
  expect(await screen.findByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible()
})

test('a refused code request shows the server message and stays on /signup', async () => {
  server.use(http.post('/auth/sendotp', ({ response }) => response(400).json({ success: false, message: 'Please enter a valid email address' })))
  const { user, router } = renderApp('/signup')
  await screen.findByRole('tab', { name: 'Applicant' })
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/signup')
  // A failed signup never wipes the form.
  expect(screen.getByLabelText('First Name')).toHaveValue('Ann')
  expect(screen.getByLabelText('Email Address')).toHaveValue('ann@example.com')
  expect(screen.getByLabelText('Create Password')).toHaveValue('secret123')
})

test('a code request that cannot reach the server says the person appears to be offline and keeps the form', async () => {
  server.use(http.post('/auth/sendotp', ({ response }) => response.untyped(HttpResponse.error())))
  const { user, router } = renderApp('/signup')
  await user.click(await screen.findByRole('tab', { name: 'Recruiter' }))
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Create Account' }))
  expect(await screen.findByText('You appear to be offline. Try again')).toBeInTheDocument()
  expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/signup')
  expect(screen.getByLabelText('Last Name')).toHaveValue('Lee')
  expect(screen.getByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
})
