import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { applicant } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'
import { signIn } from '@/testing/session'

test('empty password fields show "Please enter your Current Password." and "Please enter your New Password."', async () => {
  signIn(applicant)
  const { user } = renderApp('/dashboard/settings')
  await user.click(await screen.findByRole('button', { name: 'Update' }))
  expect(await screen.findByText('Please enter your Current Password.')).toBeVisible()
  expect(screen.getByText('Please enter your New Password.')).toBeVisible()
})

test('both password fields have a show/hide toggle', async () => {
  signIn(applicant)
  const { user } = renderApp('/dashboard/settings')
  const current = await screen.findByLabelText('Current Password')
  const next = screen.getByLabelText('New Password')
  await user.click(screen.getByRole('button', { name: 'Show Current Password' }))
  expect(current).toHaveAttribute('type', 'text')
  expect(next).toHaveAttribute('type', 'password')
  await user.click(screen.getByRole('button', { name: 'Show New Password' }))
  expect(next).toHaveAttribute('type', 'text')
})

test('a changed password shows "Loading..." and then "Password Changed Successfully"', async () => {
  let body: unknown
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(http.post(apiUrl('/auth/changepassword'), async ({ request }) => {
    body = await request.json()
    await held
    return HttpResponse.json({ success: true, message: 'Password updated successfully' })
  }))
  signIn(applicant)
  const { user } = renderApp('/dashboard/settings')
  await user.type(await screen.findByLabelText('Current Password'), 'secret123')
  await user.type(screen.getByLabelText('New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Update' }))
  expect(await screen.findByText('Loading...')).toBeInTheDocument()
  release()
  expect(await screen.findByText('Password Changed Successfully')).toBeInTheDocument()
  expect(body).toEqual({ oldPassword: 'secret123', newPassword: 'newsecret123' })
  expect(screen.getByLabelText('Current Password')).toHaveValue('')
})

test('a refused password change shows the server message', async () => {
  server.use(http.post(apiUrl('/auth/changepassword'), () => HttpResponse.json({ success: false, message: 'The password is incorrect' }, { status: 401 })))
  signIn(applicant)
  const { user, router } = renderApp('/dashboard/settings')
  await user.type(await screen.findByLabelText('Current Password'), 'wrong-one')
  await user.type(screen.getByLabelText('New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Update' }))
  expect(await screen.findByText('The password is incorrect')).toBeInTheDocument()
  // A wrong current password is not a refused session.
  expect(router.state.location.pathname).toBe('/dashboard/settings')
  expect(localStorage.getItem('token')).toBe('applicant-token')
})
