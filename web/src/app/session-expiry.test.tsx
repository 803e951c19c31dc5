import { screen, waitFor } from '@testing-library/react'
import { api, payload } from '@/lib/api-client'
import { sessionStore } from '@/lib/auth/session'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { applicant } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const refused = { success: false, message: 'Token is invalid or expired' }
const listSaved = () => payload(api.GET('/jobs/saved')).catch(() => {})

test('a refused token on a public page ends the session once, says so once, and stays on the page as a guest', async () => {
  signIn(applicant)
  server.use(
    http.get('/auth/userDetails', ({ response }) => response(401).json(refused)),
    http.get('/jobs/saved', ({ response }) => response(401).json(refused)),
  )
  const { router, queryClient } = renderApp('/about')
  // Another call fails with it at the same time: still one toast.
  await listSaved()
  expect(await screen.findByText('Your session has expired, please log in again')).toBeInTheDocument()
  await waitFor(() => expect(sessionStore.get().token).toBeNull())
  expect(screen.getAllByText('Your session has expired, please log in again')).toHaveLength(1)
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined()
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(router.state.location.pathname).toBe('/about')
  expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0)
})

test('the provider registers the handler of a refused token, and takes it back when it goes', async () => {
  signIn(applicant)
  server.use(http.get('/jobs/saved', ({ response }) => response(401).json(refused)))
  const { unmount } = renderApp('/about')
  await screen.findAllByRole('link', { name: 'About Us' })
  unmount()
  await listSaved()
  expect(sessionStore.get().token).toBe('applicant-token')
})

test('a session an admin\'s suspension ended says "This account has been suspended", not that it expired', async () => {
  signIn(applicant)
  const suspended = { success: false, message: 'This account has been suspended' }
  server.use(
    http.get('/auth/userDetails', ({ response }) => response(401).json(suspended)),
    http.get('/jobs/saved', ({ response }) => response(401).json(suspended)),
  )
  renderApp('/about')
  await listSaved()
  expect(await screen.findByText('This account has been suspended')).toBeInTheDocument()
  await waitFor(() => expect(sessionStore.get().token).toBeNull())
  expect(screen.queryByText('Your session has expired, please log in again')).not.toBeInTheDocument()
})
