import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { DEFAULT_SOP } from '@/features/applications/sop'
import type { Application } from '@/features/applications/types'
import type { Job } from '@/features/jobs/types'
import { formatDate } from '@/lib/format'
import { question } from '@/testing/apply-answers'
import { CLOSED_AT, DEADLINE, PAST_DEADLINE, POSTED } from '@/testing/dates'
import { applicant, applicantDetails, application, emptyApplicantDetails, job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { reloadStores, signIn } from '@/testing/session'

const OPEN_UNTIL = `Last Date to Apply: ${formatDate(DEADLINE)}`
const CLOSED_ON = `The recruiter closed this job on ${formatDate(CLOSED_AT)}.`

const answerJob = (overrides: Partial<Job> = {}) =>
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'Job fetched successfully', data: job(overrides) })))

test('the job page shows every detail of the job', async () => {
  answerJob({ description: 'Write Rust services.\nOn call twice a month.' })
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(document.title).toBe('Backend Developer | jobportal')
  for (const text of ['Acme', 'Pune', 'Full-time', '₹50,000 per month', 'Engineering', formatDate(POSTED), 'Rust', 'SQL']) {
    expect(within(screen.getByRole('main')).getByText(text)).toBeVisible()
  }
  expect(screen.getByText(/On call twice a month/)).toBeVisible()
  expect(screen.getByText('Max Applications').nextElementSibling).toHaveTextContent('10')
  expect(screen.getByText('Positions').nextElementSibling).toHaveTextContent('2')
})

test('before the deadline the job page shows "Last Date to Apply: {date}"', async () => {
  answerJob()
  renderApp('/job/j1')
  expect(await screen.findByText(OPEN_UNTIL)).toBeVisible()
  expect(screen.queryByText('No longer accepting applications')).not.toBeInTheDocument()
})

test('after the deadline the job page shows "No longer accepting applications" in red', async () => {
  answerJob({ deadline: PAST_DEADLINE })
  renderApp('/job/j1')
  const notice = await screen.findByText('No longer accepting applications')
  expect(notice).toHaveClass('text-red-700')
  expect(screen.queryByText(/Last Date to Apply/)).not.toBeInTheDocument()
})

const answerApplications = (applications: Application[] = [], profile = applicantDetails({ resumeName: 'Ann Lee CV.pdf' })) =>
  server.use(
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched successfully', applications })),
    http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message: 'ok', data: profile })),
  )

async function openAsApplicant(applications: Application[] = []) {
  signIn(applicant)
  answerJob()
  answerApplications(applications)
  const view = renderApp('/job/j1')
  return { ...view, apply: await screen.findByRole('button', { name: 'Apply' }) }
}

test('an applicant sees an Apply button before the deadline', async () => {
  const { apply } = await openAsApplicant()
  expect(apply).toBeEnabled()
  expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument()
})

test('an applicant who applied earlier sees "Applied", disabled', async () => {
  signIn(applicant)
  answerJob()
  answerApplications([application({ jobId: 'j1' })])
  renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('Apply opens a dialog with the statement prefilled and a live word count', async () => {
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  const dialog = within(screen.getByRole('dialog', { name: 'Apply for Backend Developer' }))
  const sop = await dialog.findByLabelText('Statement of Purpose')
  expect(sop).toHaveValue(DEFAULT_SOP)
  expect(sop).toHaveFocus()
  expect(sop).toHaveAccessibleDescription('19 / 250 words')
  await user.clear(sop)
  await user.type(sop, 'I  build   things')
  expect(dialog.getByText('3 / 250 words')).toBeVisible()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(apply).toHaveFocus()
})

test('more than 250 words is refused on the client', async () => {
  let calls = 0
  server.use(http.post('/jobs/apply/{jobId}', ({ response }) => {
    calls++
    return response(201).json({ success: true, message: 'Job applied successfully', application: application() })
  }))
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  const sop = await screen.findByLabelText('Statement of Purpose')
  await user.clear(sop)
  await user.click(sop)
  await user.paste(Array.from({ length: 251 }, (_, n) => `word${n}`).join(' '))
  expect(screen.getByText('251 / 250 words')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Statement of purpose must be at most 250 words')).toBeVisible()
  expect(calls).toBe(0)
  expect(screen.getByRole('dialog')).toBeVisible()
})

test('an empty statement is refused with "Statement of purpose is required"', async () => {
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  await user.clear(await screen.findByLabelText('Statement of Purpose'))
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Statement of purpose is required')).toBeVisible()
  expect(screen.getByText('0 / 250 words')).toBeVisible()
})

test('a sent application shows "Job Applied Successfully" and then "Applied", disabled, with the focus on the confirmation', async () => {
  let body: unknown
  let applications: Application[] = []
  server.use(http.post('/jobs/apply/{jobId}', async ({ request, response }) => {
    body = await request.json()
    applications = [application({ jobId: 'j1' })]
    return response(201).json({ success: true, message: 'Job applied successfully', application: applications[0] })
  }))
  const { user, apply } = await openAsApplicant()
  server.use(http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'ok', applications })))
  await user.click(apply)
  await user.type(await screen.findByLabelText('Statement of Purpose'), ' Rust is my daily tool.')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(body).toEqual({ sop: `${DEFAULT_SOP} Rust is my daily tool.`, answers: [] })
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
  // The focus is not lost with the dialog and the Apply button: the confirmation has it.
  await waitFor(() => expect(screen.getByText('Your application was sent to the recruiter.')).toHaveFocus())
})

test("the apply dialog asks the job's screening questions and sends the answers with the statement", async () => {
  let body: unknown
  server.use(http.post('/jobs/apply/{jobId}', async ({ request, response }) => {
    body = await request.json()
    return response(201).json({ success: true, message: 'Job applied successfully', application: application({ jobId: 'j1' }) })
  }))
  signIn(applicant)
  answerJob({ questions: [question({ _id: 'q-years', kind: 'number', text: 'Years of Rust?', required: true, wanted: { min: 3 } })] })
  answerApplications()
  const { user } = renderApp('/job/j1')
  await user.click(await screen.findByRole('button', { name: 'Apply' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Apply for Backend Developer' }))
  expect(await dialog.findByRole('list', { name: 'This job asks 1 question' })).toBeVisible()
  await user.type(dialog.getByRole('spinbutton', { name: 'Years of Rust? (required)' }), '6')
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(body).toEqual({ sop: DEFAULT_SOP, answers: [{ questionId: 'q-years', answer: 6 }] })
})

test.each([
  [409, 'You have already applied for this job'],
  [400, 'Application limit reached'],
])('a refusal (%i) shows the server reason "%s"', async (status, message) => {
  server.use(http.post('/jobs/apply/{jobId}', () => HttpResponse.json({ success: false, message }, { status })))
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText(message)).toBeInTheDocument()
})

test('a failure without a reason shows "Job application failed" and Apply stays', async () => {
  server.use(http.post('/jobs/apply/{jobId}', ({ response }) => response.untyped(new HttpResponse('oops', { status: 502 }))))
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job application failed')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled()
})

test('an applicant sees no Apply after the deadline', async () => {
  signIn(applicant)
  answerJob({ deadline: PAST_DEADLINE })
  answerApplications()
  renderApp('/job/j1')
  await screen.findByText('No longer accepting applications')
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('a recruiter and a guest see no Apply', async () => {
  signIn(recruiter)
  answerJob()
  const first = renderApp('/job/j1')
  await screen.findByText(OPEN_UNTIL)
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
  first.unmount()
  localStorage.clear()
  reloadStores()

  renderApp('/job/j1')
  await screen.findByText(OPEN_UNTIL)
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('a guest is offered "Log in to apply", which returns to this job after login', async () => {
  answerJob()
  renderApp('/job/j1')
  const login = await screen.findByRole('link', { name: 'Log in to apply' })
  expect(login).toHaveAttribute('href', '/login?next=/job/j1')
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('a guest is not offered "Log in to apply" on a closed job', async () => {
  answerJob({ deadline: PAST_DEADLINE })
  renderApp('/job/j1')
  await screen.findByText('No longer accepting applications')
  expect(screen.queryByRole('link', { name: 'Log in to apply' })).not.toBeInTheDocument()
})

test('the recruiter who owns the job sees Edit and Applications instead of apply', async () => {
  signIn(recruiter)
  answerJob({ userId: recruiter._id, applicationsCount: 3 })
  renderApp('/job/j1')
  expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/edit-job/j1')
  expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/dashboard/job/applications/j1')
  expect(screen.getByText('3 of 10 applications received')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Log in to apply' })).not.toBeInTheDocument()
})

test("another recruiter's job offers neither Edit nor Applications", async () => {
  signIn(recruiter)
  answerJob({ userId: 'someone-else' })
  renderApp('/job/j1')
  await screen.findByText(OPEN_UNTIL)
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Applications' })).not.toBeInTheDocument()
})

test('a job with all the applications it accepts takes no more: no Apply, and it says so', async () => {
  signIn(applicant)
  answerJob({ maxApplicants: 2, applicationsCount: 2 })
  answerApplications()
  renderApp('/job/j1')
  expect(await screen.findByText('No longer accepting applications')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('an applicant whose application took the last place still sees "Applied"', async () => {
  signIn(applicant)
  answerJob({ maxApplicants: 2, applicationsCount: 2 })
  answerApplications([application({ jobId: 'j1' })])
  renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
})

test('an unknown job shows the 404 page', async () => {
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  renderApp('/job/nope')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})

test('any other failure shows the message on the page and as a toast', async () => {
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(503).json({ success: false, message: 'Database unavailable' })))
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this job' })).toBeVisible()
  await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2))
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
})

test('the job page asks for its job once: the request started beside the page code is the one the page uses', async () => {
  let requests = 0
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => {
      requests += 1
      return response(200).json({ success: true, message: 'Job fetched successfully', data: job() })
    }),
  )
  renderApp('/job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(requests).toBe(1)
})

test('a refused token on a shared job link drops the visitor to guest on that page, with no redirect to /login', async () => {
  signIn(applicant)
  const refused = { success: false, message: 'Token is invalid or expired' }
  server.use(
    http.get('/auth/userDetails', ({ response }) => response(401).json(refused)),
    http.get('/auth/applications', ({ response }) => response(401).json(refused)),
  )
  answerJob()
  const { router } = renderApp('/job/j1')
  expect(await screen.findByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', '/login?next=/job/j1')
  expect(screen.getByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/job/j1')
  expect(localStorage.getItem('token')).toBeNull()
})

test('the apply dialog names the resume that will be sent, with a way to change it', async () => {
  const { user, apply } = await openAsApplicant()
  await user.click(apply)
  const dialog = within(screen.getByRole('dialog', { name: 'Apply for Backend Developer' }))
  const resume = await dialog.findByRole('link', { name: 'Ann Lee CV.pdf' })
  expect(resume).toHaveAttribute('href', applicantDetails().resume)
  expect(resume).toHaveAttribute('target', '_blank')
  expect(dialog.getByText(/Your resume:/)).toBeVisible()
  expect(dialog.getByRole('link', { name: 'Change your resume' })).toHaveAttribute('href', '/dashboard/settings?next=/job/j1')
})

test('without a resume the apply dialog warns and links to the upload, which comes back to this job', async () => {
  signIn(applicant)
  answerJob()
  answerApplications([], emptyApplicantDetails())
  const { user } = renderApp('/job/j1')
  await user.click(await screen.findByRole('button', { name: 'Apply' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Apply for Backend Developer' }))
  expect(await dialog.findByText(/You have not uploaded a resume/)).toBeVisible()
  expect(dialog.getByRole('link', { name: 'Upload a resume' })).toHaveAttribute('href', '/dashboard/settings?next=/job/j1')
})

const RESUME_PROMPT = 'Add your resume before you apply, so the recruiter sees more than your statement. Upload a resume and you come back to this job.'

test('an applicant without a resume is asked on the job page to complete their profile: "Upload a resume" opens Settings and comes back', async () => {
  signIn(applicant)
  answerJob()
  answerApplications([], emptyApplicantDetails())
  renderApp('/job/j1')
  const prompt = within(await screen.findByRole('region', { name: 'Complete your profile' }))
  expect(prompt.getByText((_, element) => element?.tagName === 'P' && element.textContent === RESUME_PROMPT)).toBeVisible()
  expect(prompt.getByRole('link', { name: 'Upload a resume' })).toHaveAttribute('href', '/dashboard/settings?next=/job/j1')
  // Applying stays possible without one.
  expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled()
})

test('no "Complete your profile" prompt for an applicant with a resume, or one who applied already, or on a closed job', async () => {
  const { unmount } = await openAsApplicant()
  expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()
  unmount()

  answerApplications([application()], emptyApplicantDetails())
  const applied = renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
  expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()
  applied.unmount()

  answerJob({ deadline: PAST_DEADLINE })
  answerApplications([], emptyApplicantDetails())
  renderApp('/job/j1')
  expect(await screen.findByText('No longer accepting applications')).toBeVisible()
  expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()
})

test('an open dialog keeps the page behind it from scrolling, and closing it lets the page scroll again', async () => {
  const { user, apply } = await openAsApplicant()
  expect(document.body.style.overflow).toBe('')
  await user.click(apply)
  expect(screen.getByRole('dialog', { name: 'Apply for Backend Developer' })).toBeVisible()
  expect(document.body.style.overflow).toBe('hidden')
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(document.body.style.overflow).toBe('')
  expect(apply).toHaveFocus()
})

test('a job its recruiter closed takes no applications and says when it was closed', async () => {
  signIn(applicant)
  answerJob({ closedAt: CLOSED_AT })
  answerApplications()
  renderApp('/job/j1')
  expect(await screen.findByText('No longer accepting applications')).toBeVisible()
  expect(screen.getByText(CLOSED_ON)).toBeVisible()
  expect(screen.queryByText(/Last Date to Apply/)).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
})

test('the owner closes the job from its page and reopens it', async () => {
  const calls: string[] = []
  let closedAt: string | null = null
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'Job fetched successfully', data: job({ userId: recruiter._id, closedAt }) }),
    ),
    ...(['closeJob', 'reopenJob'] as const).map((action) =>
      http.put(`/jobs/${action}/{jobId}`, ({ response }) => {
        calls.push(action)
        closedAt = action === 'closeJob' ? CLOSED_AT : null
        const message = action === 'closeJob' ? 'Job closed' : 'Job reopened'
        return response(200).json({ success: true, message, data: job({ userId: recruiter._id, closedAt }) })
      }),
    ),
  )
  signIn(recruiter)
  const { user } = renderApp('/job/j1')
  await user.click(await screen.findByRole('button', { name: 'Close Backend Developer' }))
  expect(await screen.findByText('Job closed')).toBeInTheDocument()
  expect(await screen.findByText(CLOSED_ON)).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Reopen Backend Developer' }))
  expect(await screen.findByText('Job reopened')).toBeInTheDocument()
  expect(await screen.findByText(OPEN_UNTIL)).toBeVisible()
  expect(calls).toEqual(['closeJob', 'reopenJob'])
})

test('a refused reopen shows the reason', async () => {
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: job({ userId: recruiter._id, closedAt: CLOSED_AT, deadline: PAST_DEADLINE }) }),
    ),
    http.put('/jobs/reopenJob/{jobId}', ({ response }) =>
      response(400).json({ success: false, message: 'The deadline has passed; move it later before reopening the job' }),
    ),
  )
  signIn(recruiter)
  const { user } = renderApp('/job/j1')
  await user.click(await screen.findByRole('button', { name: 'Reopen Backend Developer' }))
  expect(await screen.findByText('The deadline has passed; move it later before reopening the job')).toBeInTheDocument()
})

test('an applicant who withdrew sees "Withdrawn", disabled, and why they cannot apply again, not "Applied"', async () => {
  signIn(applicant)
  answerJob()
  answerApplications([application({ jobId: 'j1', status: 'withdrawn' })])
  renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Withdrawn' })).toBeDisabled()
  expect(screen.getByText('You withdrew your application, so you cannot apply to this job again.')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Applied' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()
})

test('after a withdrawal on My Applications, the job page says "Withdrawn" and counts one application fewer', async () => {
  let applications = [application({ _id: 'a1', jobId: 'j1', status: 'applied' })]
  let applicationsCount = 1
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job({ applicationsCount }) })),
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'ok', applications })),
    http.put('/auth/withdrawapplication/{applicationId}', ({ response }) => {
      applications = [application({ _id: 'a1', jobId: 'j1', status: 'withdrawn' })]
      applicationsCount = 0
      return response(200).json({ success: true, message: 'Application withdrawn', data: applications[0] })
    }),
  )
  signIn(applicant)
  // The job first, as the applicant saw it when they applied: both the job and the list are cached.
  const { user, router, queryClient } = renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
  await router.navigate('/dashboard/my-applications')
  await user.click(await screen.findByRole('button', { name: 'Withdraw application for Backend Developer' }))
  await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw this application?' })).getByRole('button', { name: 'Withdraw' }))
  expect(await screen.findByText('Application withdrawn')).toBeInTheDocument()

  await user.click(screen.getByRole('link', { name: 'Backend Developer' }))
  expect(await screen.findByRole('button', { name: 'Withdrawn' })).toBeDisabled()
  expect(screen.queryByRole('button', { name: 'Applied' })).not.toBeInTheDocument()
  // The job's own view was marked stale too, so it is asked for again.
  await waitFor(() => expect(queryClient.getQueryData<Job>(['jobs', 'detail', 'j1'])?.applicationsCount).toBe(0))
})

test('after applying, My Applications lists the new application, pending, with Withdraw', async () => {
  let applications: Application[] = []
  server.use(
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'ok', applications })),
    http.post('/jobs/apply/{jobId}', ({ response }) => {
      applications = [application({ _id: 'a5', jobId: 'j1' })]
      return response(201).json({ success: true, message: 'Job applied successfully', application: applications[0] })
    }),
  )
  signIn(applicant)
  answerJob()
  const { user, router } = renderApp('/job/j1')
  await user.click(await screen.findByRole('button', { name: 'Apply' }))
  await user.click(await screen.findByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()
  await router.navigate('/dashboard/my-applications')
  const card = (await screen.findByRole('link', { name: 'Backend Developer' })).closest('article')!
  expect(within(card).getByText('Applied', { exact: true })).toBeVisible()
  expect(within(card).getByRole('button', { name: 'Withdraw application for Backend Developer' })).toBeEnabled()
})

test('a job its recruiter deleted (404, removed) says it was removed, with a way to search jobs, and no toast', async () => {
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found', removed: true })),
  )
  renderApp('/job/gone')
  expect(await screen.findByRole('heading', { level: 1, name: 'This job has been removed' })).toBeVisible()
  expect(screen.getByText('The recruiter removed this job, so it no longer takes applications.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/jobs')
  expect(document.title).toBe('Job removed | jobportal')
  expect(screen.queryByText('Lost and not found!')).not.toBeInTheDocument()
  expect(screen.queryByText('This job was removed by the recruiter')).not.toBeInTheDocument()
})

test('a hidden job (404) keeps the not-found page, not the removed one', async () => {
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  renderApp('/job/hidden')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  expect(screen.queryByText('This job has been removed')).not.toBeInTheDocument()
})

test('a guest is offered "Log in to save this job", on an open and on a closed job, which comes back here', async () => {
  answerJob()
  const open = renderApp('/job/j1')
  expect(await screen.findByRole('link', { name: 'Log in to save this job' })).toHaveAttribute('href', '/login?next=/job/j1')
  expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument()
  open.unmount()

  answerJob({ deadline: PAST_DEADLINE })
  renderApp('/job/j1')
  expect(await screen.findByRole('link', { name: 'Log in to save this job' })).toHaveAttribute('href', '/login?next=/job/j1')
  expect(screen.queryByRole('link', { name: 'Log in to apply' })).not.toBeInTheDocument()
})

test('an applicant sees the job they saved as "Saved", pressed', async () => {
  signIn(applicant)
  answerJob()
  answerApplications()
  server.use(http.get('/jobs/saved', ({ response }) => response(200).json({ success: true, message: 'ok', data: [job()] })))
  renderApp('/job/j1')
  expect(await screen.findByRole('button', { name: 'Saved Backend Developer' })).toHaveAttribute('aria-pressed', 'true')
  expect(screen.queryByRole('link', { name: 'Log in to save this job' })).not.toBeInTheDocument()
})

test("the job page's company links to the company's page; without one it is plain text", async () => {
  answerJob({ company: 'Acme', companySlug: 'acme' })
  const { unmount } = renderApp('/job/j1')
  await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/company/acme')
  unmount()

  answerJob({ _id: 'j2', company: 'Initech', companySlug: null })
  renderApp('/job/j2')
  await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })
  expect(within(screen.getByRole('main')).getByText('Initech').closest('a')).toBeNull()
  expect(screen.queryByRole('link', { name: 'Initech' })).not.toBeInTheDocument()
})
