import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { dateInputDaysFromNow } from '@/testing/dates'
import { company } from '@/testing/companies'
import { job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { addQuestion, questionGroup, questionsShown } from '@/testing/screening-questions'
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

/** The job fillForm fills in, as createJob receives it. */
const FILLED_JOB = {
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
}

/** Answers createJob, keeping what it was sent in `sent.body` (null until it is called). */
function acceptJobs() {
  const sent: { body: unknown } = { body: null }
  server.use(
    http.post('/jobs/createJob', async ({ request, response }) => {
      sent.body = await request.json()
      return response(201).json({ success: true, message: 'Job created successfully', data: job() })
    }),
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [job()] })),
  )
  return sent
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
  // Without screening questions the job is sent as it always was: no `questions` at all.
  expect(body).toEqual(FILLED_JOB)
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

test('three screening questions are sent as createJob takes them: a number wanting at least 3, a choice wanting one of its choices, a text', async () => {
  const sent = acceptJobs()
  const { user } = await openForm()
  expect(screen.getByRole('region', { name: 'Screening questions' })).toHaveAccessibleDescription(
    'Applicants answer these when they apply. Nobody is rejected automatically: you can filter on the answers.',
  )
  await fillForm(user)
  const years = await addQuestion(user, { text: 'Years of Rust?', kind: 'Number', required: true })
  await user.type(within(years).getByLabelText('At least'), '3')
  const notice = await addQuestion(user, { text: 'Notice period', kind: 'One of several choices', choices: ['None', ' 30 days ', '90 days'] })
  // Each written choice can be wanted; the box is named by the choice.
  expect(within(notice).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
    'Required',
    'None',
    '30 days',
    '90 days',
  ])
  await user.click(within(notice).getByRole('checkbox', { name: '30 days' }))
  await addQuestion(user, { text: '  Your best project  ', kind: 'Short text' })
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect(sent.body).toEqual({
    ...FILLED_JOB,
    questions: [
      { kind: 'number', text: 'Years of Rust?', required: true, wanted: { min: 3 } },
      { kind: 'choice', text: 'Notice period', required: false, choices: ['None', '30 days', '90 days'], wanted: { choices: ['30 days'] } },
      { kind: 'text', text: 'Your best project', required: false },
    ],
  })
})

test("a yes/no question sends the wanted answer chosen, a number both its bounds, and a question whose kind changed only its new kind's fields", async () => {
  const sent = acceptJobs()
  const { user } = await openForm()
  await fillForm(user)
  const pune = await addQuestion(user, { text: 'Can you work from Pune?' })
  expect(within(pune).getByLabelText('Answer type')).toHaveValue('yesNo')
  expect(within(within(pune).getByLabelText('Answer type')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Yes/No',
    'Number',
    'One of several choices',
    'Short text',
  ])
  await user.selectOptions(within(pune).getByLabelText('Wanted answer (optional)'), 'No')
  const notice = await addQuestion(user, { text: 'Notice in days', kind: 'One of several choices', choices: ['30', '60'] })
  await user.selectOptions(within(notice).getByLabelText('Answer type'), 'Number')
  await user.type(within(notice).getByLabelText('At least'), '0')
  await user.type(within(notice).getByLabelText('At most'), '60.5')
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect((sent.body as { questions: unknown }).questions).toEqual([
    { kind: 'yesNo', text: 'Can you work from Pune?', required: false, wanted: { yes: false } },
    { kind: 'number', text: 'Notice in days', required: false, wanted: { min: 0, max: 60.5 } },
  ])
})

test("each question is checked with the server's words, beside its field, before anything is sent", async () => {
  const sent = acceptJobs()
  const { user } = await openForm()
  await fillForm(user)
  await user.click(screen.getByRole('button', { name: 'Add a question' }))
  const city = await addQuestion(user, { text: 'City', kind: 'One of several choices', choices: ['Pune', ' pune '] })
  await user.click(within(city).getByRole('button', { name: 'Add a choice to question 2' }))
  const years = await addQuestion(user, { text: 'Years?', kind: 'Number' })
  await user.type(within(years).getByLabelText('At least'), '5')
  await user.type(within(years).getByLabelText('At most'), '2')
  await user.click(screen.getByRole('button', { name: 'Add Job' }))

  const text = within(questionGroup(1)).getByLabelText('Question')
  expect(await screen.findByText('Question 1 needs its text')).toBeVisible()
  expect(text).toHaveAttribute('aria-invalid', 'true')
  expect(text).toHaveAccessibleDescription('Question 1 needs its text')
  // The first field refused takes the focus.
  expect(text).toHaveFocus()
  expect(within(city).getByLabelText('Choice 1')).toHaveAccessibleDescription('')
  expect(within(city).getByLabelText('Choice 2')).toHaveAccessibleDescription('Question 2 (City): each choice is given once')
  expect(within(city).getByLabelText('Choice 3')).toHaveAccessibleDescription('Question 2 (City): each choice is 1 to 100 characters')
  expect(within(years).getByLabelText('At least')).toHaveAccessibleDescription('')
  expect(within(years).getByLabelText('At most')).toHaveAccessibleDescription(
    'Question 3 (Years?): the wanted answer is a min and/or a max, the min not above the max',
  )
  expect(sent.body).toBeNull()

  // Each message goes as its field is put right; a text over 300 characters has its own.
  await user.click(text)
  await user.paste('x'.repeat(301))
  expect(await screen.findByText('Question 1 must be at most 300 characters')).toBeVisible()
  await user.clear(within(city).getByLabelText('Choice 2'))
  await user.type(within(city).getByLabelText('Choice 2'), 'Mumbai')
  expect(screen.queryByText('Question 2 (City): each choice is given once')).not.toBeInTheDocument()
  expect(sent.body).toBeNull()
})

test('a refusal of the questions by the server shows its message and keeps the questions', async () => {
  server.use(
    http.post('/jobs/createJob', ({ response }) =>
      response(400).json({ success: false, message: 'Question 1 (Years of Rust?): the wanted answer is a min and/or a max, the min not above the max' }),
    ),
  )
  const { user, router } = await openForm()
  await fillForm(user)
  await addQuestion(user, { text: 'Years of Rust?', kind: 'Number' })
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Question 1 (Years of Rust?): the wanted answer is a min and/or a max, the min not above the max')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/dashboard/add-job')
  expect(questionsShown()).toEqual(['Question 1: Years of Rust?'])
})

test('a removed question is not sent, and those after it move up a place', async () => {
  const sent = acceptJobs()
  const { user } = await openForm()
  await fillForm(user)
  await addQuestion(user, { text: 'Can you work from Pune?' })
  await addQuestion(user, { text: 'Years of Rust?', kind: 'Number' })
  await addQuestion(user, { text: 'Your best project', kind: 'Short text' })
  await user.click(screen.getByRole('button', { name: 'Remove question 2' }))
  expect(questionsShown()).toEqual(['Question 1: Can you work from Pune?', 'Question 2: Your best project'])
  expect(screen.getByText('Question 2 removed')).toBeInTheDocument()
  // The focus goes to the question that took the removed one's place.
  await waitFor(() => expect(within(questionGroup(2)).getByLabelText('Question')).toHaveFocus())
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect((sent.body as { questions: unknown }).questions).toEqual([
    { kind: 'yesNo', text: 'Can you work from Pune?', required: false },
    { kind: 'text', text: 'Your best project', required: false },
  ])
})

test('a job asks at most 10 questions: then "Add a question" is disabled and says why', async () => {
  const { user } = await openForm()
  const add = screen.getByRole('button', { name: 'Add a question' })
  for (let count = 0; count < 10; count++) await user.click(add)
  expect(screen.getAllByRole('group', { name: /^Question \d+$/ })).toHaveLength(10)
  expect(add).toBeDisabled()
  expect(screen.getByText('A job asks at most 10 questions.')).toBeVisible()
  expect(add).toHaveAccessibleDescription('A job asks at most 10 questions.')

  await user.click(screen.getByRole('button', { name: 'Remove question 10' }))
  expect(add).toBeEnabled()
  expect(screen.queryByText('A job asks at most 10 questions.')).not.toBeInTheDocument()
})

test('a choice question has 2 to 20 choices: Remove is disabled at two and "Add a choice" at twenty', async () => {
  const { user } = await openForm()
  const city = await addQuestion(user, { text: 'City', kind: 'One of several choices' })
  const removes = () => within(city).getAllByRole('button', { name: /^Remove choice/ })
  expect(removes().map((button) => button.getAttribute('aria-label'))).toEqual(['Remove choice 1 of question 1', 'Remove choice 2 of question 1'])
  for (const button of removes()) expect(button).toBeDisabled()
  const addChoice = within(city).getByRole('button', { name: 'Add a choice to question 1' })
  await user.click(addChoice)
  // The new choice takes the focus.
  expect(within(city).getByLabelText('Choice 3')).toHaveFocus()
  for (const button of removes()) expect(button).toBeEnabled()
  for (let count = 3; count < 20; count++) await user.click(addChoice)
  expect(within(city).getAllByRole('textbox', { name: /^Choice \d+$/ })).toHaveLength(20)
  expect(addChoice).toBeDisabled()
})

test('the questions are added, moved and removed with the keyboard alone, the focus following each change', async () => {
  const sent = acceptJobs()
  const { user } = await openForm()
  await fillForm(user)
  // From the last field of the job, Tab reaches "Add a question".
  expect(screen.getByLabelText('Location')).toHaveFocus()
  await user.tab()
  const add = screen.getByRole('button', { name: 'Add a question' })
  expect(add).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(within(questionGroup(1)).getByLabelText('Question')).toHaveFocus()
  expect(screen.getByText('Question 1 added')).toBeInTheDocument()
  await user.keyboard('Can you work from Pune?')
  // Its kind, then Required (Space ticks it), then the wanted answer; Up and Down are disabled for a lone question, so Remove comes next.
  await user.tab()
  expect(within(questionGroup(1)).getByLabelText('Answer type')).toHaveFocus()
  await user.tab()
  await user.keyboard(' ')
  expect(within(questionGroup(1)).getByRole('checkbox', { name: 'Required' })).toBeChecked()
  await user.tab()
  expect(within(questionGroup(1)).getByLabelText('Wanted answer (optional)')).toHaveFocus()
  await user.tab()
  expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveFocus()
  await user.tab()
  expect(add).toHaveFocus()
  await user.keyboard(' ')
  expect(within(questionGroup(2)).getByLabelText('Question')).toHaveFocus()
  await user.keyboard('Years of Rust?')

  // Question 2's Up button: after the move it is question 1's, disabled, so the focus goes to its Down.
  for (let step = 0; step < 4; step++) await user.tab()
  expect(screen.getByRole('button', { name: 'Move question 2 up' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(questionsShown()).toEqual(['Question 1: Years of Rust?', 'Question 2: Can you work from Pune?'])
  expect(screen.getByText('Question 2 is now question 1')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move question 1 down' })).toHaveFocus())

  await user.tab()
  expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(questionsShown()).toEqual(['Question 1: Can you work from Pune?'])
  await waitFor(() => expect(within(questionGroup(1)).getByLabelText('Question')).toHaveFocus())

  // The last one removed, the focus goes back to "Add a question".
  for (let step = 0; step < 4; step++) await user.tab()
  expect(screen.getByRole('button', { name: 'Remove question 1' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(questionsShown()).toEqual([])
  await waitFor(() => expect(add).toHaveFocus())

  await user.tab()
  expect(screen.getByRole('button', { name: 'Add Job' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(await screen.findByText('Job Added Successfully')).toBeInTheDocument()
  expect(sent.body).toEqual(FILLED_JOB)
})

test('after a refused send, a moved question is named by its new number in its message', async () => {
  const { user } = await openForm()
  await addQuestion(user, { text: 'Can you work from Pune?' })
  await user.click(screen.getByRole('button', { name: 'Add a question' }))
  await user.click(screen.getByRole('button', { name: 'Add Job' }))
  expect(await screen.findByText('Question 2 needs its text')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Move question 2 up' }))
  const moved = within(questionGroup(1)).getByLabelText('Question')
  await waitFor(() => expect(moved).toHaveAccessibleDescription('Question 1 needs its text'))
  expect(screen.queryByText('Question 2 needs its text')).not.toBeInTheDocument()
})
