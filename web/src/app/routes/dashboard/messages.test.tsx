import { screen, waitFor } from '@testing-library/react'
import type { User } from '@/lib/auth'
import { admin, adminOverview, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** /dashboard/messages, the installed app's "Messages" shortcut: on to where each account type's conversations are. */

test.each<[string, string, User, string]>([
  ['an Applicant', '/dashboard/my-applications', applicant, 'My Applications'],
  ['a Recruiter', '/dashboard/applications', recruiter, 'Applications'],
  ['an Admin', '/dashboard/admin', admin, 'Overview'],
])('%s opening /dashboard/messages is taken to %s in place of it', async (_who, path, person, heading) => {
  server.use(http.get('/admin/overview', ({ response }) => response(200).json({ success: true, message: 'Overview fetched successfully', data: adminOverview() })))
  signIn(person)
  const { router } = renderApp('/dashboard/messages')
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
  await waitFor(() => expect(router.state.location.pathname).toBe(path))
  // Replaced, not added: Back does not return to the shortcut's address.
  expect(router.state.historyAction).toBe('REPLACE')
})

test('a logged-out visitor opening /dashboard/messages is sent to /login, which leads back there', async () => {
  const { router } = renderApp('/dashboard/messages')
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/login')
  expect(router.state.location.search).toBe('?next=/dashboard/messages')
})
