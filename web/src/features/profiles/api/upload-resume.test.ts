import { HttpResponse } from 'msw'
import { setToken } from '@/lib/auth/session'
import { ApiError, OFFLINE_MESSAGE, onSessionRejected } from '@/lib/api-client'
import { applicantDetails } from '@/testing/fixtures'
import { http, server } from '@/testing/server'
import { uploadResume } from './upload-resume'

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'cv.pdf', { type: 'application/pdf' })

test('uploadResume posts a multipart field "resume" with the bearer token and reports the share sent', async () => {
  let contentType = ''
  let body = ''
  let authorization: string | null = null
  server.use(
    http.post('/upload/uploadResume', async ({ request, response }) => {
      contentType = request.headers.get('Content-Type') ?? ''
      authorization = request.headers.get('Authorization')
      body = await request.text()
      return response(200).json({ success: true, message: 'Resume uploaded successfully', updatedApplicant: { ...applicantDetails(), resume: 'http://127.0.0.1:8080/api/v1/resumes/a' } })
    }),
  )
  setToken('abc')
  const shares: number[] = []
  const response = await uploadResume(pdf(), (share) => shares.push(share))
  expect(response.message).toBe('Resume uploaded successfully')
  expect(authorization).toBe('Bearer abc')
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
  // jsdom's File does not survive MSW's conversion of the body, so only the part header is checked
  // here; the browser journey compares the downloaded bytes with the uploaded ones.
  expect(body).toContain('Content-Disposition: form-data; name="resume"')
  expect(body).toContain('Content-Type: application/pdf')
  expect(shares.at(-1)).toBe(1)
})

test('uploadResume rejects with the server message and status', async () => {
  server.use(
    http.post('/upload/uploadResume', ({ response }) => response(415).json({ success: false, message: 'Only PDF files are allowed' })),
  )
  await expect(uploadResume(pdf())).rejects.toEqual(new ApiError('Only PDF files are allowed', 415))
})

test('uploadResume treats a 200 without success as an error', async () => {
  server.use(http.post('/upload/uploadResume', ({ response }) => response.untyped(HttpResponse.json({ message: 'Nope' }))))
  await expect(uploadResume(pdf())).rejects.toThrow('Nope')
})

test('uploadResume rejects with "Internal Server Error" when the answer has no message', async () => {
  server.use(http.post('/upload/uploadResume', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))))
  await expect(uploadResume(pdf())).rejects.toEqual(new ApiError('Internal Server Error', 500))
})

test('an upload whose token the server refuses ends the session, as every other call does', async () => {
  const rejected = vi.fn()
  onSessionRejected(rejected)
  server.use(http.post('/upload/uploadResume', ({ response }) => response(401).json({ success: false, message: 'Invalid token' })))
  setToken('expired')
  await expect(uploadResume(pdf())).rejects.toEqual(new ApiError('Invalid token', 401))
  expect(rejected).toHaveBeenCalledTimes(1)
  onSessionRejected(() => {})
})

test('an upload that cannot reach the server says the person appears to be offline', async () => {
  server.use(http.post('/upload/uploadResume', ({ response }) => response.untyped(HttpResponse.error())))
  await expect(uploadResume(pdf())).rejects.toEqual(new ApiError(OFFLINE_MESSAGE, 0))
})
