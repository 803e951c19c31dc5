import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { Application } from '@/features/applications/types'
import { application, applicationsOverview, job, movedTo, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

// Times of day read in the viewer's zone: these tests view from India.
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => {
  vi.restoreAllMocks()
})

function answer(applications: Application[]) {
  let current = applications
  let fetches = 0
  const sent: unknown[] = []
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job() })),
    http.get('/auth/jobs/applications/{jobId}', ({ response }) => {
      fetches++
      return response(200).json({ success: true, message: 'Applications fetched successfully', applications: current })
    }),
    http.put('/auth/updateapplicationstatus/{applicationId}', async ({ request, params, response }) => {
      const { status } = (await request.json()) as { status: 'shortlisted' | 'rejected' }
      sent.push({ id: params.applicationId, status })
      current = current.map((each) => (each._id === params.applicationId ? movedTo(each, status === 'shortlisted' ? 'screening' : 'rejected') : each))
      return response(200).json({ success: true, message: `Application status updated to ${status}`, data: current.find((each) => each._id === params.applicationId)! })
    }),
  )
  return { sent, fetches: () => fetches }
}

const applicantCard = (name: string) => within(screen.getByRole('article', { name }))

/** The list view (the board is the page's first view: job-applications-board.test.tsx). */
async function open() {
  signIn(recruiter)
  const view = renderApp('/dashboard/job/applications/j1?view=list')
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
  await screen.findByRole('list', { name: 'Applications' })
  return view
}

test('each applicant shows name, e-mail (mailto), date applied, skills, education, statement of purpose and resume link', async () => {
  answer([application(), application({ _id: 'a2', userDetails: { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' }, jobApplicantsDetails: { resume: '', education: [], skills: [] } })])
  await open()
  const ann = applicantCard('Ann Lee')
  expect(ann.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com')
  expect(ann.getByText('Applied on').nextElementSibling).toHaveTextContent('Wed, 4 Mar, 2026, 15:30 IST')
  expect(ann.getByText('Skills').nextElementSibling).toHaveTextContent('Rust')
  expect(ann.getByRole('link', { name: 'Resume of Ann Lee' })).toHaveAttribute('target', '_blank')
  expect(ann.getByText('IIT Bombay (2018 - 2022)')).toBeVisible()
  expect(ann.getByText('I have written Rust services for five years.')).toBeVisible()
  expect(ann.getByRole('link', { name: 'Resume of Ann Lee' })).toHaveAttribute('href', 'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-recruiter&expires=4102444800&signature=def')
  const bo = applicantCard('Bo Kim')
  expect(bo.getByText('No resume uploaded')).toBeVisible()
  expect(bo.getByText('No education details available.')).toBeVisible()
  expect(bo.getByText('Skills').nextElementSibling).toHaveTextContent('None listed')
  // No resume link: only the e-mail and the application's interviews.
  expect(bo.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['mailto:bo@example.com', '/dashboard/applications/a2/interviews'])
})

test('a shortlisted application shows its stage ("Screening stage") and a rejected one "Not selected", with no decision (only Messages)', async () => {
  answer([
    application({ _id: 'a1', status: 'shortlisted' }),
    application({ _id: 'a2', status: 'rejected', userDetails: { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' } }),
  ])
  await open()
  expect(applicantCard('Ann Lee').getByText('Screening stage')).toBeVisible()
  const buttons = (name: string) => applicantCard(name).queryAllByRole('button').map((button) => button.textContent)
  expect(buttons('Ann Lee')).toEqual(['Messages'])
  expect(applicantCard('Bo Kim').getByText('Not selected')).toBeVisible()
  expect(buttons('Bo Kim')).toEqual(['Messages'])
})

test('a deleted candidate\'s kept application shows as "Deleted candidate", with no e-mail, statement or resume', async () => {
  const gone = application({
    _id: 'a1',
    stage: 'hired',
    status: 'shortlisted',
    sop: '',
    userDetails: { firstName: 'Deleted', lastName: 'candidate', email: '' },
    jobApplicantsDetails: { resume: '', education: [], skills: [] },
  })
  answer([gone])
  await open()
  const card = applicantCard('Deleted candidate')
  expect(card.queryByText('E-mail')).not.toBeInTheDocument()
  expect(card.queryByRole('link', { name: /@/ })).not.toBeInTheDocument()
  expect(card.getByText('No resume uploaded')).toBeVisible()
})

test('a withdrawn application says so, with when, and offers no decision', async () => {
  answer([application({ _id: 'a1', status: 'withdrawn' })])
  await open()
  const ann = applicantCard('Ann Lee')
  expect(ann.getByText('Withdrawn')).toBeVisible()
  expect(ann.getByText('Withdrawn on').nextElementSibling).toHaveTextContent('Fri, 6 Mar, 2026, 14:30 IST')
  expect(ann.queryAllByRole('button').map((button) => button.textContent)).toEqual(['Messages'])
})

async function decide(user: Awaited<ReturnType<typeof open>>['user'], name: string, decision: 'Shortlist' | 'Reject') {
  await user.click(applicantCard(name).getByRole('button', { name: decision }))
  const dialog = within(screen.getByRole('dialog', { name: `${decision} this applicant?` }))
  expect(dialog.getByText(`${name} will be told by e-mail, and the decision cannot be changed.`)).toBeVisible()
  await user.click(dialog.getByRole('button', { name: decision }))
}

test('Shortlist asks first; Cancel sends nothing', async () => {
  const { sent } = answer([application()])
  const { user } = await open()
  await user.click(applicantCard('Ann Lee').getByRole('button', { name: 'Shortlist' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Shortlist this applicant?' }))
  expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(sent).toEqual([])
  expect(applicantCard('Ann Lee').getByRole('button', { name: 'Shortlist' })).toHaveFocus()
})

test('Shortlist, once confirmed, sends the status, says "Application status updated to Shortlisted" (capitalised like the badge), updates the list without a reload and focuses the new stage', async () => {
  const { sent, fetches } = answer([application()])
  const { user } = await open()
  expect(fetches()).toBe(1)
  await decide(user, 'Ann Lee', 'Shortlist')
  expect(await screen.findByText('Application status updated to Shortlisted')).toBeInTheDocument()
  expect(sent).toEqual([{ id: 'a1', status: 'shortlisted' }])
  expect(await applicantCard('Ann Lee').findByText('Screening stage')).toBeVisible()
  await waitFor(() => expect(applicantCard('Ann Lee').getByText('Screening stage').closest('p')).toHaveFocus())
  expect(applicantCard('Ann Lee').queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
})

test('Reject, once confirmed, says "Application status updated to Rejected" and shows the stage "Not selected"', async () => {
  const { sent } = answer([application()])
  const { user } = await open()
  await decide(user, 'Ann Lee', 'Reject')
  expect(await screen.findByText('Application status updated to Rejected')).toBeInTheDocument()
  expect(sent).toEqual([{ id: 'a1', status: 'rejected' }])
  expect(await applicantCard('Ann Lee').findByText('Not selected')).toBeVisible()
})

test('a status answer without data shows "Unexpected API response"', async () => {
  answer([application()])
  // A server that breaks the document's promise of `data`: an answer the typed mocks cannot give.
  server.use(http.put('/auth/updateapplicationstatus/{applicationId}', ({ response }) => response.untyped(HttpResponse.json({ success: true, message: 'Application status updated to shortlisted' }))))
  const { user } = await open()
  await decide(user, 'Ann Lee', 'Shortlist')
  expect(await screen.findByText('Unexpected API response')).toBeInTheDocument()
})

test('no applications shows "No applications found for this job."', async () => {
  answer([])
  signIn(recruiter)
  renderApp('/dashboard/job/applications/j1')
  expect(await screen.findByText('No applications found for this job.')).toBeVisible()
})

test('a failed fetch shows "Failed to fetch applications."', async () => {
  answer([])
  server.use(http.get('/auth/jobs/applications/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  signIn(recruiter)
  renderApp('/dashboard/job/applications/j1')
  // As the toast and on the page.
  await waitFor(() => expect(screen.getAllByText('Failed to fetch applications.')).toHaveLength(2))
})

test('the overview counts the applications by status and charts them per day, with the figures as text', async () => {
  answer([application()])
  server.use(
    http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) =>
      response(200).json({
        success: true,
        message: 'Overview fetched successfully',
        data: applicationsOverview({ applied: 3, shortlisted: 2, withdrawn: 1 }, { '2026-03-04': 4, '2026-03-30': 2 }),
      }),
    ),
  )
  const { user } = await open()
  const overview = within(await screen.findByRole('region', { name: 'Overview' }))
  const count = (label: string) => overview.getByText(label, { selector: 'dt' }).nextElementSibling
  expect(count('All')).toHaveTextContent('6')
  expect(count('Pending')).toHaveTextContent('3')
  expect(count('Shortlisted')).toHaveTextContent('2')
  expect(count('Rejected')).toHaveTextContent('0')
  expect(count('Withdrawn')).toHaveTextContent('1')
  const chart = overview.getByRole('img', { name: /Applications per day, last 30 days/ })
  expect(chart).toHaveAccessibleName('Applications per day, last 30 days 6 applications in the last 30 days; the most, 4, on 4 March 2026.')
  expect(chart.querySelectorAll('rect')).toHaveLength(2)
  // The labels are text of the page at its own size (14px), not text in the drawing, which shrinks
  // with it on a phone (to 7px at 390px wide).
  expect(chart.querySelector('text')).toBeNull()
  for (const label of ['Most in a day: 4', '1 March 2026', '30 March 2026']) {
    const text = overview.getAllByText(label)[0]
    expect(text.closest('svg')).toBeNull()
    expect(text.closest('.text-sm')).not.toBeNull()
  }
  await user.click(overview.getByText('Applications per day as a table'))
  const table = overview.getByRole('table')
  expect(within(table).getAllByRole('row')).toHaveLength(31)
  expect(within(table).getByRole('rowheader', { name: '30 March 2026' }).nextElementSibling).toHaveTextContent('2')
})

test('in the list view too the applications come first, and the overview after them', async () => {
  answer([application()])
  await open()
  const overview = await screen.findByRole('region', { name: 'Overview' })
  expect(screen.getByRole('list', { name: 'Applications' }).compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
})
