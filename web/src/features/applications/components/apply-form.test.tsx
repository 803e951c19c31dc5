import { screen, within } from '@testing-library/react'
import { application } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import ApplyForm from './apply-form'
import type { ResumeToSend } from './apply-button'

const RESUME_URL = 'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-applicant&expires=4102444800&signature=abc'

/** The form alone at "/", with Settings as a page of its own so its links can be followed. */
function renderForm(resume: ResumeToSend | undefined) {
  const done: boolean[] = []
  const sent: unknown[] = []
  server.use(
    http.post('/jobs/apply/{jobId}', async ({ request, response }) => {
      sent.push(await request.json())
      return response(201).json({ success: true, message: 'Job Applied Successfully', application: application() })
    }),
  )
  const view = renderApp('/', [
    { path: '/', element: <ApplyForm jobId="j1" jobTitle="Backend Developer" resume={resume} onDone={(applied) => done.push(applied)} /> },
    { path: '/dashboard/settings', element: <h1>Settings</h1> },
  ])
  return { ...view, done, sent }
}

test('with a resume the form reads "Your resume: <file name> (change)"; the file opens in a new tab and change leads to Settings', async () => {
  const { user, router } = renderForm({ name: 'Ann Lee CV.pdf', url: RESUME_URL })
  const line = screen.getByText(/^Your resume:/)
  expect(line).toHaveTextContent(/^Your resume: Ann Lee CV\.pdf \(change\)$/)
  const file = within(line).getByRole('link', { name: 'Ann Lee CV.pdf' })
  expect(file).toHaveAttribute('href', RESUME_URL)
  expect(file).toHaveAttribute('target', '_blank')
  expect(file).toHaveAttribute('rel', 'noopener noreferrer')
  expect(screen.queryByText(/You have not uploaded a resume/)).not.toBeInTheDocument()
  await user.click(within(line).getByRole('link', { name: 'Change your resume' }))
  expect(router.state.location.pathname).toBe('/dashboard/settings')
})

test('without a resume the form warns, links to the upload on Settings, and still sends the application', async () => {
  const { user, router, done, sent } = renderForm(null)
  expect(screen.getByText(/^You have not uploaded a resume, so the recruiter will see only your statement\./)).toBeVisible()
  expect(screen.queryByText(/^Your resume:/)).not.toBeInTheDocument()
  const upload = screen.getByRole('link', { name: 'Upload a resume' })
  expect(upload).toHaveAttribute('href', '/dashboard/settings?next=/job/j1')

  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(sent).toHaveLength(1)
  expect(done).toEqual([true])

  await user.click(upload)
  expect(router.state.location.pathname).toBe('/dashboard/settings')
})

test('while the profile is still loading the form claims neither a resume nor its absence', () => {
  renderForm(undefined)
  expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled()
  expect(screen.queryByText(/^Your resume:/)).not.toBeInTheDocument()
  expect(screen.queryByText(/You have not uploaded a resume/)).not.toBeInTheDocument()
})
