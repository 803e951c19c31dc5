import { screen, waitFor, within } from '@testing-library/react'
import { answerSearch, found, screenedApplication } from '@/testing/applicant-search'
import { application, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => vi.restoreAllMocks())

const DATA_ANALYST = { ...application().jobDetails, title: 'Data Analyst' }
const ANN = found(screenedApplication(), 'answers', 'Years of [Rust]? 2')
const BO = found(application({ _id: 'a2', jobId: 'j2', jobDetails: DATA_ANALYST, userDetails: { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' } }), 'skills', '[Rust], SQL')

/** The recruiter's list of every application they received, recording each view asked for. */
function answerApplications() {
  const views: (string | null)[] = []
  server.use(
    http.get('/auth/applications', ({ request, response }) => {
      views.push(new URL(request.url).searchParams.get('view'))
      return response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application()] })
    }),
    http.get('/auth/applications/{applicationId}/notes', ({ response }) => response(200).json({ success: true, message: 'Notes fetched successfully', notes: [] })),
  )
  return views
}

async function open(path = '/dashboard/applications') {
  signIn(recruiter)
  const view = renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  return view
}

test('"Search applicants" searches every job the recruiter works (no job), each result naming its job, in place of the views', async () => {
  answerApplications()
  const queries = answerSearch(() => ({ applications: [ANN, BO], total: 2 }))
  const { user, router } = await open()
  expect(await screen.findByRole('link', { name: 'Backend Developer' })).toBeVisible()
  await user.type(screen.getByRole('searchbox', { name: 'Search applicants' }), 'rust')

  const count = await screen.findByText('2 applicants found')
  expect(count.closest('[aria-live="polite"]')).not.toBeNull()
  expect(queries).toEqual([{ q: 'rust', page: '1', limit: '20' }])
  expect(router.state.location.search).toBe('?q=rust')
  expect(screen.queryByRole('navigation', { name: 'Show applications' })).not.toBeInTheDocument()

  const ann = within(screen.getByRole('article', { name: 'Ann Lee' }))
  expect(ann.getByText('Job:').parentElement).toHaveTextContent('Job: Backend Developer')
  expect(ann.getByText('Meets 2 of 3 requirements')).toBeVisible()
  const snippet = ann.getByText('In the answers').nextElementSibling!
  expect(snippet).toHaveTextContent('Years of Rust? 2')
  expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Rust'])
  const bo = within(screen.getByRole('article', { name: 'Bo Kim' }))
  expect(bo.getByText('Job:').parentElement).toHaveTextContent('Job: Data Analyst')
  expect([...bo.getByText('In the skills').nextElementSibling!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Rust'])
})

test('the address opens a search at its page (a reload keeps it), and Previous asks for the page before', async () => {
  const views = answerApplications()
  const queries = answerSearch((query) => ({ applications: [query.page === '2' ? BO : ANN], total: 30 }))
  const { user, router } = await open('/dashboard/applications?q=rust&page=2')
  expect(await screen.findByRole('article', { name: 'Bo Kim' })).toBeVisible()
  expect(screen.getByRole('searchbox', { name: 'Search applicants' })).toHaveValue('rust')
  expect(screen.getByText('Page 2 of 2')).toBeVisible()
  expect(queries).toEqual([{ q: 'rust', page: '2', limit: '20' }])
  // The list of every application is not asked for while searching.
  expect(views).toEqual([])

  await user.click(screen.getByRole('button', { name: 'Previous page' }))
  expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(router.state.location.search).toBe('?q=rust')
  expect(queries).toEqual([
    { q: 'rust', page: '2', limit: '20' },
    { q: 'rust', page: '1', limit: '20' },
  ])
})

test('a 503 says "Applicant search is being prepared: try again in a minute"', async () => {
  answerApplications()
  answerSearch(() => ({ status: 503, message: 'Applicant search is being prepared: try again in a minute' }))
  await open('/dashboard/applications?q=rust')
  expect(await screen.findByText('Applicant search is being prepared: try again in a minute')).toBeVisible()
})

test('a result opens its application in a dialog, and Clear brings the views back', async () => {
  const views = answerApplications()
  answerSearch(() => ({ applications: [BO], total: 1 }))
  const { user, router } = await open('/dashboard/applications?view=review&q=rust')
  await user.click(await screen.findByRole('button', { name: 'Bo Kim' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Bo Kim' }))
  expect(dialog.getByRole('link', { name: 'bo@example.com' })).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Close' }))

  await user.click(screen.getByRole('button', { name: 'Clear' }))
  expect(await screen.findByRole('navigation', { name: 'Show applications' })).toBeVisible()
  expect(router.state.location.search).toBe('?view=review')
  await waitFor(() => expect(views).toEqual(['review']))
})
