import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { dateInputDaysFromNow } from '@/testing/dates'
import { company } from '@/testing/companies'
import { job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const MESSAGES: [label: string, message: string][] = [
  ['Job Title', 'Job title is required'],
  ['Company Name', 'Company name is required'],
  ['Job Description', 'Job description is required'],
  ['Max Applicants', 'Max applicants is required'],
  ['Max Positions', 'Max positions is required'],
  ['Date of Posting', 'Date of posting is required'],
  ['Application Deadline', 'Application deadline is required'],
  ['Skillsets', 'Skillsets are required'],
  ['Job Type', 'Job type is required'],
  ['Salary (₹ per month)', 'Salary is required'],
  ['Category', 'Category is required'],
  ['Location', 'Location is required'],
]

async function openForm() {
  signIn(recruiter)
  const view = renderApp('/dashboard/add-job')
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  // The categories and the recruiter's company (Acme) arrived.
  await screen.findByRole('option', { name: 'Engineering' })
  await waitFor(() => expect(screen.getByLabelText('Company Name')).toHaveValue('Acme'))
  return view
}

/** Types each skill into the tag box and adds it with Enter. */
async function addSkills(user: ReturnType<typeof renderApp>['user'], skills: string[]) {
  for (const skill of skills) await user.type(screen.getByLabelText('Skillsets'), `${skill}{Enter}`)
}

const tags = () => within(screen.getByRole('list', { name: 'Skillsets added' })).getAllByRole('listitem').map((tag) => tag.textContent)

/** The posting date and deadline the form is filled with, as the date fields take them: in two days and in two months. */
const POSTING_DAY = dateInputDaysFromNow(2)
const DEADLINE_DAY = dateInputDaysFromNow(60)

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Job Title'), 'Backend Developer')
  await user.type(screen.getByLabelText('Job Description'), 'Write Rust services.')
  await user.type(screen.getByLabelText('Max Applicants'), '10')
  await user.type(screen.getByLabelText('Max Positions'), '2')
  await user.clear(screen.getByLabelText('Date of Posting'))
  await user.type(screen.getByLabelText('Date of Posting'), POSTING_DAY)
  await user.type(screen.getByLabelText('Application Deadline'), DEADLINE_DAY)
  await addSkills(user, ['Rust', 'Machine Learning', 'SQL'])
  await user.selectOptions(screen.getByLabelText('Job Type'), 'Part-time')
  await user.type(screen.getByLabelText('Salary (₹ per month)'), '50000')
  await user.selectOptions(screen.getByLabelText('Category'), 'Information Technology')
  await user.type(screen.getByLabelText('Location'), 'Pune')
}

test('submitting the empty form shows each field its own message, the company and location included', async () => {
  const { user } = await openForm()
  // Company and date come filled in: empty them to see their messages too.
  await user.clear(screen.getByLabelText('Company Name'))
  await user.clear(screen.getByLabelText('Date of Posting'))
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  await screen.findByText('Job title is required')
  for (const [label, message] of MESSAGES) {
    const field = screen.getByLabelText(label)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    // The skills box reads its hint before the message.
    expect(field).toHaveAccessibleDescription(label === 'Skillsets' ? `Press Enter or type a comma after each skill. ${message}` : message)
  }
  // Each message shows once: the company and location fields do not repeat the title's.
  for (const [, message] of MESSAGES) expect(screen.getAllByText(message)).toHaveLength(1)
})

test('the job type offers the three types and the category the fetched categories', async () => {
  await openForm()
  expect(within(screen.getByLabelText('Job Type')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select a job type',
    'Full-time',
    'Part-time',
    'Internship',
  ])
  expect(within(screen.getByLabelText('Category')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select a category',
    'Engineering',
    'Information Technology',
  ])
})

test('a complete form sends the job, shows "Job Added Successfully" and goes to My Jobs', async () => {
  let body: unknown
  let authorization: string | null = null
  server.use(
    http.post('/jobs/createJob', async ({ request, response }) => {
      body = await request.json()
      authorization = request.headers.get('Authorization')
      return response(201).json({ success: true, message: 'Job created successfully', data: job() })
    }),
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [job()] })),
  )
  const { user, router } = await openForm()
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
  expect(authorization).toBe('Bearer recruiter-token')
  expect(body).toEqual({
    title: 'Backend Developer',
    company: 'Acme',
    description: 'Write Rust services.',
    maxApplicants: 10,
    maxPositions: 2,
    dateOfPosting: POSTING_DAY,
    deadline: DEADLINE_DAY,
    skillsets: ['Rust', 'Machine Learning', 'SQL'],
    jobType: 'Part-time',
    workMode: 'On-site',
    salary: 50000,
    categoryName: 'c2',
    location: 'Pune',
  })
})

test('a salary range and a work mode go with the job; a top below the salary is refused first', async () => {
  let body: Record<string, unknown> = {}
  server.use(
    http.post('/jobs/createJob', async ({ request, response }) => {
      body = (await request.json()) as Record<string, unknown>
      return response(201).json({ success: true, message: 'Job created successfully', data: job() })
    }),
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [job()] })),
  )
  const { user } = await openForm()
  await fillForm(user)
  await user.selectOptions(screen.getByLabelText('Work Mode'), 'Remote')
  await user.type(screen.getByLabelText('Maximum Salary (₹ per month, optional)'), '40000')
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Maximum salary must be at least the salary')).toBeVisible()
  expect(body).toEqual({})

  await user.clear(screen.getByLabelText('Maximum Salary (₹ per month, optional)'))
  await user.type(screen.getByLabelText('Maximum Salary (₹ per month, optional)'), '90000')
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect([body.salary, body.salaryMax, body.workMode]).toEqual([50000, 90000, 'Remote'])
})

test('a refused job shows the server message and stays on the form', async () => {
  server.use(
    http.post('/jobs/createJob', ({ response }) =>
      response(400).json({ success: false, message: 'Deadline must be after the date of posting' }),
    ),
  )
  const { user, router } = await openForm()
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Deadline must be after the date of posting')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/dashboard/add-job')
  expect(screen.getByLabelText('Job Title')).toHaveValue('Backend Developer')
})

test('a failure without a message shows "Failed To create Job"', async () => {
  server.use(http.post('/jobs/createJob', ({ response }) => response.untyped(new HttpResponse('bad gateway', { status: 502 }))))
  const { user } = await openForm()
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Failed To create Job')).toBeInTheDocument()
})

test("the Company Name starts with the name of the recruiter's company (GET /company), and the posting date is today", async () => {
  server.use(
    http.get('/company', ({ response }) =>
      response(200).json({ success: true, message: 'Company fetched successfully', company: company({ name: 'Globex Corporation' }), role: 'recruiter' }),
    ),
  )
  signIn(recruiter)
  renderApp('/dashboard/add-job')
  await waitFor(() => expect(screen.getByLabelText('Company Name')).toHaveValue('Globex Corporation'))
  expect(screen.getByLabelText('Date of Posting')).toHaveValue(dateInputDaysFromNow(0))
  expect(screen.getByLabelText('Job Title')).toHaveValue('')
})

test("the company's name stays editable: the name typed over it is the one sent", async () => {
  let body: { company?: string } = {}
  server.use(
    http.post('/jobs/createJob', async ({ request, response }) => {
      body = (await request.json()) as typeof body
      return response(201).json({ success: true, message: 'Job created successfully', data: job() })
    }),
  )
  const { user } = await openForm()
  await user.clear(screen.getByLabelText('Company Name'))
  await user.type(screen.getByLabelText('Company Name'), 'Acme Labs')
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect(body.company).toBe('Acme Labs')
})

test('when the company cannot be loaded the Company Name box is empty, and no toast says so', async () => {
  server.use(http.get('/company', ({ response }) => response(404).json({ success: false, message: 'You are not a member of a company' })))
  signIn(recruiter)
  renderApp('/dashboard/add-job')
  await screen.findByRole('option', { name: 'Engineering' })
  expect(screen.getByLabelText('Company Name')).toHaveValue('')
  expect(screen.getByLabelText('Date of Posting')).toHaveValue(dateInputDaysFromNow(0))
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  expect(screen.queryByText('You are not a member of a company')).not.toBeInTheDocument()
})

test('a company name typed before the company arrives is kept', async () => {
  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  let served = false
  server.use(
    http.get('/company', async ({ response }) => {
      await held
      served = true
      return response(200).json({ success: true, message: 'Company fetched successfully', company: company(), role: 'owner' })
    }),
  )
  signIn(recruiter)
  const { user } = renderApp('/dashboard/add-job')
  await user.type(await screen.findByLabelText('Company Name'), 'Globex')
  answer()
  await waitFor(() => expect(served).toBe(true))
  // Time for the answer to reach the form.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  expect(screen.getByLabelText('Company Name')).toHaveValue('Globex')
})

test('skills are tags: Enter or a comma adds one, so "Machine Learning" stays one skill, and each has its own Remove button', async () => {
  const { user } = await openForm()
  const box = screen.getByLabelText('Skillsets')
  await user.type(box, 'Machine Learning{Enter}')
  expect(tags()).toEqual(['Machine Learning'])
  expect(box).toHaveValue('')
  expect(screen.getByText('Added Machine Learning')).toBeInTheDocument()

  await user.type(box, 'Rust,  Data Analysis ,')
  expect(tags()).toEqual(['Machine Learning', 'Rust', 'Data Analysis'])
  // The same skill twice, in any case, is one tag; blanks add nothing.
  await user.type(box, 'rust{Enter}{Enter}')
  expect(tags()).toEqual(['Machine Learning', 'Rust', 'Data Analysis'])

  await user.click(screen.getByRole('button', { name: 'Remove Rust' }))
  expect(tags()).toEqual(['Machine Learning', 'Data Analysis'])
  expect(box).toHaveFocus()
  expect(screen.getByText('Removed Rust')).toBeInTheDocument()
  // Enter in the box added a skill; it never submitted the form.
  expect(screen.queryByText('Job title is required')).not.toBeInTheDocument()
})

test('a skill still in the box when the form is sent is added as a tag', async () => {
  let body: { skillsets?: string[] } = {}
  server.use(
    http.post('/jobs/createJob', async ({ request, response }) => {
      body = (await request.json()) as typeof body
      return response(201).json({ success: true, message: 'Job created successfully', data: job() })
    }),
  )
  const { user } = await openForm()
  await fillForm(user)
  await user.type(screen.getByLabelText('Skillsets'), 'Deep Learning')
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect(body.skillsets).toEqual(['Rust', 'Machine Learning', 'SQL', 'Deep Learning'])
})
