import { http, HttpResponse } from 'msw'
import { apiUrl, server } from '@/testing/server'
import { api, ApiError, onSessionRejected } from './api-client'

test('api sends the stored token as a bearer token', async () => {
  let authorization: string | null = null
  server.use(
    http.get(apiUrl('/echo'), ({ request }) => {
      authorization = request.headers.get('Authorization')
      return HttpResponse.json({ success: true, message: 'ok' })
    }),
  )
  localStorage.setItem('token', 'abc')
  await api('/echo')
  expect(authorization).toBe('Bearer abc')
})

test('api raises the server message on a non-2xx response', async () => {
  server.use(http.get(apiUrl('/echo'), () => HttpResponse.json({ success: false, message: 'Job not found' }, { status: 404 })))
  await expect(api('/echo')).rejects.toEqual(new ApiError('Job not found', 404))
})

test('api raises the server message when success is not true on a 200', async () => {
  server.use(http.get(apiUrl('/echo'), () => HttpResponse.json({ message: 'Nope' })))
  await expect(api('/echo')).rejects.toThrow('Nope')
})

test('api raises "Internal Server Error" when the response has no message', async () => {
  server.use(http.get(apiUrl('/echo'), () => new HttpResponse('oops', { status: 500 })))
  await expect(api('/echo')).rejects.toThrow('Internal Server Error')
})

test('a call that cannot reach the server says the person appears to be offline', async () => {
  server.use(http.get(apiUrl('/jobs/showAllCategories'), () => HttpResponse.error()))
  await expect(api('/jobs/showAllCategories')).rejects.toMatchObject({ status: 0, message: 'You appear to be offline. Try again' })
})

test('a 401 to a call that sent a token reports the refused session; one without a token, or a wrong current password, does not', async () => {
  const rejected = vi.fn()
  onSessionRejected(rejected)
  const refused = () => HttpResponse.json({ success: false, message: 'Token is invalid or expired' }, { status: 401 })
  server.use(http.get(apiUrl('/echo'), refused), http.post(apiUrl('/auth/changepassword'), refused))

  await expect(api('/echo')).rejects.toMatchObject({ status: 401 })
  expect(rejected).not.toHaveBeenCalled()

  localStorage.setItem('token', 'stale')
  await expect(api('/auth/changepassword', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 })
  expect(rejected).not.toHaveBeenCalled()

  await expect(api('/echo')).rejects.toEqual(new ApiError('Token is invalid or expired', 401))
  expect(rejected).toHaveBeenCalledTimes(1)
})

test('a server error without a message is still "Internal Server Error", not the offline message', async () => {
  server.use(http.get(apiUrl('/echo'), () => new HttpResponse(null, { status: 502 })))
  await expect(api('/echo')).rejects.toMatchObject({ status: 502, message: 'Internal Server Error' })
})
