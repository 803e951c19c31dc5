import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { api } from '@/lib/api-client'
import { applicant } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { authStore, sessionStore } from './store'

const refused = () => HttpResponse.json({ success: false, message: 'Token is invalid or expired' }, { status: 401 })

test('a refused token on a public page ends the session once, says so once, and stays on the page as a guest', async () => {
  signIn(applicant)
  server.use(http.get(apiUrl('/auth/userDetails'), refused), http.get(apiUrl('/echo'), refused))
  const { router } = renderApp('/about')
  // Another call fails with it at the same time: still one toast.
  await api('/echo').catch(() => {})
  expect(await screen.findByText('Your session has expired, please log in again')).toBeInTheDocument()
  await waitFor(() => expect(authStore.get().token).toBeNull())
  expect(screen.getAllByText('Your session has expired, please log in again')).toHaveLength(1)
  expect(sessionStore.get().user).toBeNull()
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(router.state.location.pathname).toBe('/about')
  expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0)
})
