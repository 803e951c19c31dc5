import { HttpResponse } from 'msw'
import { setToken } from '@/lib/auth/session'
import { http, server } from '@/testing/server'
import { api, ApiError, file, onSessionRejected, payload } from './api-client'

const listSaved = () => payload(api.GET('/jobs/saved'))
const refused = { success: false, message: 'Token is invalid or expired' }

test('api sends the stored token as a bearer token, and the path below /api/v1', async () => {
  let authorization: string | null = null
  let path = ''
  server.use(
    http.get('/jobs/saved', ({ request, response }) => {
      authorization = request.headers.get('Authorization')
      path = new URL(request.url).pathname
      return response(200).json({ success: true, message: 'ok', data: [] })
    }),
  )
  setToken('abc')
  expect(await listSaved()).toEqual({ success: true, message: 'ok', data: [] })
  expect(authorization).toBe('Bearer abc')
  expect(path).toBe('/api/v1/jobs/saved')
})

test('path parameters are encoded, and query parameters sent as the document names them', async () => {
  let url = new URL('http://x')
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ request, response }) => {
      url = new URL(request.url)
      return response(404).json({ success: false, message: 'Job not found' })
    }),
    http.get('/jobs/forYou', ({ request, response }) => {
      url = new URL(request.url)
      return response(200).json({ success: true, message: 'ok', data: [], skillCount: 0 })
    }),
  )
  await payload(api.GET('/jobs/getJob/{jobId}', { params: { path: { jobId: 'a/b c' } } })).catch(() => {})
  expect(url.pathname).toBe('/api/v1/jobs/getJob/a%2Fb%20c')
  await payload(api.GET('/jobs/forYou', { params: { query: { limit: 4 } } }))
  expect(url.search).toBe('?limit=4')
})

test('api raises the server message on a non-2xx response', async () => {
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  await expect(payload(api.GET('/jobs/getJob/{jobId}', { params: { path: { jobId: 'j1' } } }))).rejects.toEqual(new ApiError('Job not found', 404))
})

test('api raises the server message when success is not true on a 200', async () => {
  server.use(http.get('/jobs/saved', ({ response }) => response.untyped(HttpResponse.json({ message: 'Nope' }))))
  await expect(listSaved()).rejects.toThrow('Nope')
})

test('api raises "Internal Server Error" when the response has no message', async () => {
  server.use(http.get('/jobs/saved', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))))
  await expect(listSaved()).rejects.toThrow('Internal Server Error')
})

test('a call that cannot reach the server says the person appears to be offline', async () => {
  server.use(http.get('/jobs/showAllCategories', ({ response }) => response.untyped(HttpResponse.error())))
  await expect(payload(api.GET('/jobs/showAllCategories'))).rejects.toMatchObject({ status: 0, message: 'You appear to be offline. Try again' })
})

test('a call cancelled by its signal rejects as aborted, not as offline', async () => {
  server.use(http.get('/jobs/saved', async ({ response }) => response(200).json({ success: true, message: 'ok', data: [] })))
  const controller = new AbortController()
  controller.abort()
  await expect(payload(api.GET('/jobs/saved', { signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' })
})

test('a 401 to a call that sent a token reports the refused session; one without a token, or a wrong current password, does not', async () => {
  const rejected = vi.fn()
  const unregister = onSessionRejected(rejected)
  server.use(
    http.get('/jobs/saved', ({ response }) => response(401).json(refused)),
    http.post('/auth/changepassword', ({ response }) => response(401).json(refused)),
  )

  await expect(listSaved()).rejects.toMatchObject({ status: 401 })
  expect(rejected).not.toHaveBeenCalled()

  setToken('stale')
  await expect(payload(api.POST('/auth/changepassword', { body: {} }))).rejects.toMatchObject({ status: 401 })
  expect(rejected).not.toHaveBeenCalled()

  await expect(listSaved()).rejects.toEqual(new ApiError('Token is invalid or expired', 401))
  expect(rejected).toHaveBeenCalledTimes(1)
  unregister()
})

test('a wrong password on account deletion (401) is the refusal of the password, not of the session', async () => {
  const rejected = vi.fn()
  const unregister = onSessionRejected(rejected)
  server.use(http.post('/auth/account/delete', ({ response }) => response(401).json({ success: false, message: 'The password is incorrect' })))
  setToken('live')
  await expect(payload(api.POST('/auth/account/delete', { body: { password: 'wrong' } }))).rejects.toEqual(new ApiError('The password is incorrect', 401))
  expect(rejected).not.toHaveBeenCalled()
  unregister()
})

test('a file answer (the data export) is its bytes as sent, not read as an envelope; its failure is still the server message', async () => {
  const document = '{"success":true,"message":"Your data","exportedAt":"2026-01-02T03:04:05Z","account":{"email":"ann@example.com"}}'
  server.use(
    http.get('/auth/account/export', ({ response }) =>
      response.untyped(new HttpResponse(document, { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="jobportal-data.json"' } })),
    ),
  )
  setToken('abc')
  const saved = await file(api.GET('/auth/account/export', { parseAs: 'blob' }))
  expect(await saved.text()).toBe(document)

  server.use(http.get('/auth/account/export', ({ response }) => response(401).json({ success: false, message: 'Token is invalid or expired' })))
  await expect(file(api.GET('/auth/account/export', { parseAs: 'blob' }))).rejects.toEqual(new ApiError('Token is invalid or expired', 401))
})

test('a server error without a message is still "Internal Server Error", not the offline message', async () => {
  server.use(http.get('/jobs/saved', ({ response }) => response.untyped(new HttpResponse(null, { status: 502 }))))
  await expect(listSaved()).rejects.toMatchObject({ status: 502, message: 'Internal Server Error' })
})
