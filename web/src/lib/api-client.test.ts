import { http, HttpResponse } from 'msw'
import { apiUrl, server } from '@/testing/server'
import { api, ApiError } from './api-client'

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
