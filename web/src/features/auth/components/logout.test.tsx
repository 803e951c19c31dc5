import { screen, waitFor, within } from '@testing-library/react'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { applicant } from '@/testing/fixtures'
import { stubPushBrowser, unstubPushBrowser } from '@/testing/push'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

afterEach(unstubPushBrowser)

async function openConfirmation() {
  signIn(applicant)
  const view = renderApp('/dashboard/my-profile')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  const opener = sidebar.getByRole('button', { name: 'Logout' })
  await view.user.click(opener)
  return { ...view, opener, dialog: screen.getByRole('dialog', { name: 'Are you sure?' }) }
}

test('Logout asks "Are you sure?" in a modal dialog with Logout and Cancel, focused on Cancel', async () => {
  const { dialog } = await openConfirmation()
  expect(dialog).toHaveAttribute('aria-modal', 'true')
  expect(dialog).toHaveAccessibleDescription('You will be logged out of your account.')
  expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeVisible()
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
})

test('Tab stays inside the logout confirmation', async () => {
  const { user, dialog } = await openConfirmation()
  const logout = within(dialog).getByRole('button', { name: 'Logout' })
  const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
  await user.tab()
  expect(logout).toHaveFocus()
  await user.tab()
  expect(cancel).toHaveFocus()
  await user.tab({ shift: true })
  expect(logout).toHaveFocus()
  await user.tab({ shift: true })
  expect(cancel).toHaveFocus()
})

test('Escape cancels the logout and returns focus to the Logout button', async () => {
  let called = false
  server.use(http.post('/auth/logout', ({ response }) => {
    called = true
    return response(200).json({ success: true, message: 'Logged out successfully' })
  }))
  const { user, opener } = await openConfirmation()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
  expect(called).toBe(false)
  expect(localStorage.getItem('token')).toBe('applicant-token')
})

test('Cancel keeps the person logged in', async () => {
  const { user, dialog, router } = await openConfirmation()
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/dashboard/my-profile')
})

test('confirming logs out on the server with the token, clears storage, shows "Logged Out" and goes to /', async () => {
  let authorization: string | null = null
  server.use(http.post('/auth/logout', ({ request, response }) => {
    authorization = request.headers.get('Authorization')
    return response(200).json({ success: true, message: 'Logged out successfully' })
  }))
  const { user, dialog, router, queryClient } = await openConfirmation()
  await user.click(within(dialog).getByRole('button', { name: 'Logout' }))
  expect(await screen.findByText('Logged Out')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  expect(authorization).toBe('Bearer applicant-token')
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  // Nothing cached for the person who left survives them: their user, profile, applications.
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined()
  expect(queryClient.getQueryCache().findAll({ queryKey: ['profiles'] })).toHaveLength(0)
  // On / the header's Login carries no next; the page draws the move a render after the router makes it.
  await waitFor(() => expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login'))
})

test("confirming the logout ends this browser's push subscription too", async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  server.use(http.post('/auth/logout', ({ response }) => response(200).json({ success: true, message: 'Logged out successfully' })))
  const { user, dialog } = await openConfirmation()
  await user.click(within(dialog).getByRole('button', { name: 'Logout' }))
  expect(await screen.findByText('Logged Out')).toBeInTheDocument()
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1)
})

test("cancelling the logout keeps this browser's push subscription", async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  const { user, dialog } = await openConfirmation()
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(subscription.unsubscribe).not.toHaveBeenCalled()
})

test('logging out in a browser that cannot take pushes logs out all the same', async () => {
  server.use(http.post('/auth/logout', ({ response }) => response(200).json({ success: true, message: 'Logged out successfully' })))
  const { user, dialog, router } = await openConfirmation()
  await user.click(within(dialog).getByRole('button', { name: 'Logout' }))
  expect(await screen.findByText('Logged Out')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/'))
})
