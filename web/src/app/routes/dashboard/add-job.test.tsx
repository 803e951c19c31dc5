import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { apiUrl, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const MESSAGES: [label: string, message: string][] = [
  ['Job Title', 'Job title is required'],
  ['Company Name', 'Company name is required'],
  ['Job Description', 'Job description is required'],
  ['Max Applicants', 'Max applicants is required'],
  ['Max Positions', 'Max positions is required'],
  ['Date of Posting', 'Date of posting is required'],
  ['Application Deadline', 'Application deadline is required'],
  ['Skillsets (separated by spaces)', 'Skillsets are required'],
  ['Job Type', 'Job type is required'],
  ['Salary (₹ per month)', 'Salary is required'],
  ['Category', 'Category is required'],
  ['Location', 'Location is required'],
]

async function openForm() {
  signIn(recruiter)
  const view = renderApp('/dashboard/add-job')
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  // The categories arrived.
  await screen.findByRole('option', { name: 'Engineering' })
  return view
}

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Job Title'), 'Backend Developer')
  await user.type(screen.getByLabelText('Company Name'), 'Acme')
  await user.type(screen.getByLabelText('Job Description'), 'Write Rust services.')
  await user.type(screen.getByLabelText('Max Applicants'), '10')
  await user.type(screen.getByLabelText('Max Positions'), '2')
  await user.type(screen.getByLabelText('Date of Posting'), '2026-05-01')
  await user.type(screen.getByLabelText('Application Deadline'), '2026-06-30')
  await user.type(screen.getByLabelText('Skillsets (separated by spaces)'), ' Rust  SQL   React ')
  await user.selectOptions(screen.getByLabelText('Job Type'), 'Part-time')
  await user.type(screen.getByLabelText('Salary (₹ per month)'), '50000')
  await user.selectOptions(screen.getByLabelText('Category'), 'Information Technology')
  await user.type(screen.getByLabelText('Location'), 'Pune')
}

test('submitting the empty form shows each field its own message, the company and location included', async () => {
  const { user } = await openForm()
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  await screen.findByText('Job title is required')
  for (const [label, message] of MESSAGES) {
    const field = screen.getByLabelText(label)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(message)
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
    http.post(apiUrl('/jobs/createJob'), async ({ request }) => {
      body = await request.json()
      authorization = request.headers.get('Authorization')
      return HttpResponse.json({ success: true, message: 'Job created successfully', data: job() }, { status: 201 })
    }),
    http.get(apiUrl('/jobs/getAllJobs'), () => HttpResponse.json({ success: true, message: 'Jobs fetched', data: [job()] })),
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
    dateOfPosting: '2026-05-01',
    deadline: '2026-06-30',
    skillsets: ['Rust', 'SQL', 'React'],
    jobType: 'Part-time',
    salary: 50000,
    categoryName: 'c2',
    location: 'Pune',
  })
})

test('a refused job shows the server message and stays on the form', async () => {
  server.use(
    http.post(apiUrl('/jobs/createJob'), () =>
      HttpResponse.json({ success: false, message: 'Deadline must be after the date of posting' }, { status: 400 }),
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
  server.use(http.post(apiUrl('/jobs/createJob'), () => new HttpResponse('bad gateway', { status: 502 })))
  const { user } = await openForm()
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Failed To create Job')).toBeInTheDocument()
})
