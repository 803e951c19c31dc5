import { act, screen, waitFor, within } from '@testing-library/react'
import { DEADLINE } from '@/testing/dates'
import { applicant, application, job, movedTo, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

/** The viewer's browser is in India: times read in IST. */
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => vi.restoreAllMocks())

const APPLICATIONS = [
  application({ _id: 'a1', jobId: 'j1', status: 'shortlisted' }),
  application({
    _id: 'a2',
    jobId: 'j2',
    status: 'rejected',
    jobDetails: { title: 'Data Analyst', salary: 30000, salaryMax: null, company: 'Globex', location: 'Delhi', jobType: 'Internship', deadline: DEADLINE },
    recruitersDetails: { company: 'Globex' },
  }),
  application({ _id: 'a3', jobId: 'j3', status: 'applied', jobDetails: { ...application().jobDetails, title: 'QA Engineer' } }),
]

const answer = (applications = APPLICATIONS) =>
  server.use(http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched successfully', applications })))

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article')!

test('each card shows title, company, salary (a range whole), applied date and status, with no toast for the fetch', async () => {
  answer()
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  await screen.findByRole('list', { name: 'Applications' })
  expect(screen.queryByText('Applications Fetched Successfully')).not.toBeInTheDocument()
  const first = within(card('Data Analyst'))
  for (const text of ['Globex', '₹30,000 per month', 'Wed, 4 Mar, 2026, 15:30 IST', 'Not selected']) expect(first.getByText(text)).toBeVisible()
  expect(first.queryByText('Ann Lee')).not.toBeInTheDocument()
  expect(within(card('Backend Developer')).getByText('₹50,000 – ₹80,000 per month')).toBeVisible()
})

test('a stage under way is green, not selected red and anything else neutral, each written out in plain words', async () => {
  answer()
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  expect(within(card('Backend Developer')).getByText('Screening stage')).toHaveClass('text-green-800', 'bg-green-50')
  expect(within(card('Data Analyst')).getByText('Not selected')).toHaveClass('text-red-800', 'bg-red-50')
  expect(within(card('QA Engineer')).getByText('Applied')).toHaveClass('text-gray-800', 'bg-gray-50')
})

test('a card opens its job', async () => {
  answer()
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job({ _id: 'j2', title: 'Data Analyst' }) })))
  signIn(applicant)
  const { user, router } = renderApp('/dashboard/my-applications')
  const link = await screen.findByRole('link', { name: 'Data Analyst' })
  expect(link).toHaveAttribute('href', '/job/j2')
  await user.click(link)
  // The job view is its own chunk, loaded on this first visit.
  expect(await screen.findByRole('heading', { level: 1, name: 'Data Analyst' }, { timeout: 4000 })).toBeVisible()
  expect(router.state.location.pathname).toBe('/job/j2')
})

test('no applications shows "No Applications Found"', async () => {
  answer([])
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  await screen.findByRole('heading', { level: 1, name: 'My Applications' })
  // On the page only, not as a toast as well.
  expect(await screen.findByText('No Applications Found')).toBeVisible()
  await act(async () => {})
  expect(screen.getAllByText('No Applications Found')).toHaveLength(1)
})

test('a failed fetch shows "Applications Not Fetched Successfully"', async () => {
  server.use(http.get('/auth/applications', ({ response }) => response(503).json({ success: false, message: 'Database unavailable' })))
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  await waitFor(() => expect(screen.getAllByText('Applications Not Fetched Successfully')).toHaveLength(2))
})

test('a recruiter\'s Applications shows what they received, with the applicant\'s name, leading to the job\'s applications', async () => {
  answer()
  signIn(recruiter)
  renderApp('/dashboard/applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  const first = within(await screen.findByRole('link', { name: 'Backend Developer' }).then((link) => link.closest('article')!))
  expect(first.getByText('Ann Lee')).toBeVisible()
  expect(first.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com')
  expect(first.getByText('Skills').nextElementSibling).toHaveTextContent('Rust')
  expect(first.getByText('Screening stage')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Data Analyst' })).toHaveAttribute('href', '/dashboard/job/applications/j2')
})

test('an application whose job was removed says so and links nowhere, never to a missing job page', async () => {
  server.use(
    http.get('/auth/applications', ({ response }) =>
      response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'gone', jobRemoved: true })] }),
    ),
  )
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  const card = within((await screen.findByText('This job was removed by the recruiter')).closest('article')!)
  expect(card.getByRole('heading', { name: 'Backend Developer' })).toBeVisible()
  expect(card.queryByRole('link')).not.toBeInTheDocument()
})

test("each card shows its history in plain stage words: applied, then each move with its date and time in the viewer's time zone", async () => {
  answer()
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  const shortlisted = within(card('Backend Developer'))
  expect(shortlisted.getByText('Applied on').nextElementSibling?.textContent).toBe('Wed, 4 Mar, 2026, 15:30 IST')
  expect(shortlisted.getByText('Screening stage on').nextElementSibling?.textContent).toBe('Fri, 6 Mar, 2026, 14:30 IST')
  expect(within(card('Data Analyst')).getByText('Not selected on')).toBeVisible()
  const pending = within(card('QA Engineer'))
  expect(pending.getByText('Applied on')).toBeVisible()
  expect(pending.queryByText(/^(Screening stage|Not selected|Withdrawn) on$/)).not.toBeInTheDocument()
})

test('a pending application can be withdrawn after confirming; a rejected one cannot', async () => {
  let withdrawn: string | null = null
  answer()
  server.use(
    http.put('/auth/withdrawapplication/{applicationId}', ({ params, response }) => {
      withdrawn = params.applicationId as string
      const now = application({ _id: 'a3', jobId: 'j3', status: 'withdrawn', jobDetails: { ...application().jobDetails, title: 'QA Engineer' } })
      answer([APPLICATIONS[0], APPLICATIONS[1], now])
      return response(200).json({ success: true, message: 'Application withdrawn', data: now })
    }),
  )
  signIn(applicant)
  const { user } = renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  expect(within(card('Data Analyst')).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument()

  await user.click(within(card('QA Engineer')).getByRole('button', { name: 'Withdraw application for QA Engineer' }))
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' })
  expect(dialog).toHaveTextContent('Your application for "QA Engineer" will be withdrawn and its place given back to others. You cannot apply to this job again.')
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(withdrawn).toBeNull()

  await user.click(within(card('QA Engineer')).getByRole('button', { name: 'Withdraw application for QA Engineer' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }))
  expect(await screen.findByText('Application withdrawn')).toBeInTheDocument()
  expect(withdrawn).toBe('a3')
  await waitFor(() => expect(within(card('QA Engineer')).getByText('Withdrawn on')).toBeVisible())
  expect(within(card('QA Engineer')).getByText('Withdrawn')).toHaveFocus()
  expect(within(card('QA Engineer')).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument()
})

test('withdrawing an application with a booked interview says the interview will be cancelled, at its time in the viewer\'s zone', async () => {
  const booked = application({ _id: 'a3', jobId: 'j3', stage: 'interview', stageLabel: 'Interview stage', bookedInterviewAt: '2026-03-10T05:00:00Z', jobDetails: { ...application().jobDetails, title: 'QA Engineer' } })
  answer([booked])
  signIn(applicant)
  const { user } = renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  await user.click(within(card('QA Engineer')).getByRole('button', { name: 'Withdraw application for QA Engineer' }))
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' })
  expect(dialog).toHaveTextContent(
    'Your application for "QA Engineer" will be withdrawn and its place given back to others. You cannot apply to this job again. Your interview on Tue, 10 Mar, 2026, 10:30 IST will be cancelled, and the recruiter told.',
  )
})

test('a refused withdrawal says why and leaves the card as it was', async () => {
  answer()
  server.use(
    http.put('/auth/withdrawapplication/{applicationId}', ({ response }) =>
      response(409).json({ success: false, message: 'Only a pending application can be withdrawn' }),
    ),
  )
  signIn(applicant)
  const { user } = renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  await user.click(within(card('QA Engineer')).getByRole('button', { name: 'Withdraw application for QA Engineer' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }))
  expect(await screen.findByText('Only a pending application can be withdrawn')).toBeInTheDocument()
  expect(within(card('QA Engineer')).getByText('Applied')).toBeVisible()
})

test('an application at the interview stage says "Interview stage", with its history in stage words and never a reason, and can be withdrawn; a hired one cannot', async () => {
  const interview = application({ _id: 'a1', jobId: 'j1', stage: 'interview' })
  const hired = application({ _id: 'a2', jobId: 'j2', stage: 'hired', jobDetails: { ...application().jobDetails, title: 'Data Analyst' } })
  const offer = application({
    _id: 'a3',
    jobId: 'j3',
    stage: 'offer',
    jobDetails: { ...application().jobDetails, title: 'QA Engineer' },
    history: [
      { status: 'applied', stage: 'applied', stageLabel: 'Applied', by: 'applicant', at: '2026-03-04T10:00:00Z' },
      { status: 'shortlisted', stage: 'screening', stageLabel: 'Screening stage', by: 'recruiter', at: '2026-03-05T10:00:00Z' },
      // Should a reason ever reach the applicant's list, it is not shown.
      {
        status: 'shortlisted',
        stage: 'offer',
        stageLabel: 'Offer stage',
        by: 'recruiter',
        at: '2026-03-07T10:00:00Z',
        reason: 'Strong portfolio',
      },
    ],
  })
  answer([interview, hired, offer])
  signIn(applicant)
  renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })

  const atInterview = within(card('Backend Developer'))
  expect(atInterview.getByText('Interview stage')).toHaveClass('text-green-800')
  expect(atInterview.getByText('Interview stage on').nextElementSibling?.textContent).toBe('Fri, 6 Mar, 2026, 14:30 IST')
  expect(atInterview.getByRole('button', { name: 'Withdraw application for Backend Developer' })).toBeVisible()

  const atHired = within(card('Data Analyst'))
  expect(atHired.getByText('Hired')).toBeVisible()
  expect(atHired.getByText('Hired on')).toBeVisible()
  expect(atHired.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument()

  const atOffer = within(card('QA Engineer'))
  expect(atOffer.getByText('Offer stage')).toBeVisible()
  expect(atOffer.getByText('Screening stage on').nextElementSibling?.textContent).toBe('Thu, 5 Mar, 2026, 15:30 IST')
  expect(atOffer.getByText('Offer stage on').nextElementSibling?.textContent).toBe('Sat, 7 Mar, 2026, 15:30 IST')
  expect(atOffer.getByRole('button', { name: 'Withdraw application for QA Engineer' })).toBeVisible()
  expect(screen.queryByText(/Strong portfolio/)).not.toBeInTheDocument()
})

test('an application at the interview stage is withdrawn after confirming, and says "Withdrawn" with the focus on it', async () => {
  const interview = application({ _id: 'a1', jobId: 'j1', stage: 'interview' })
  answer([interview])
  server.use(
    http.put('/auth/withdrawapplication/{applicationId}', ({ response }) => {
      const now = movedTo(interview, 'withdrawn')
      answer([now])
      return response(200).json({ success: true, message: 'Application withdrawn', data: now })
    }),
  )
  signIn(applicant)
  const { user } = renderApp('/dashboard/my-applications')
  await screen.findByRole('list', { name: 'Applications' })
  await user.click(within(card('Backend Developer')).getByRole('button', { name: 'Withdraw application for Backend Developer' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }))
  expect(await screen.findByText('Application withdrawn')).toBeInTheDocument()
  await waitFor(() => expect(within(card('Backend Developer')).getByText('Withdrawn')).toHaveFocus())
  expect(within(card('Backend Developer')).getByText('Interview stage on')).toBeVisible()
  expect(within(card('Backend Developer')).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument()
})
