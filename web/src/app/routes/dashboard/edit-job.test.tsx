import { screen, waitFor, within } from '@testing-library/react'
import type { Job } from '@/features/jobs/types'
import { DEADLINE } from '@/testing/dates'
import { job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { addQuestion, askedQuestions, questionGroup, questionsShown } from '@/testing/screening-questions'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The deadline's UTC calendar day ("YYYY-MM-DD"), which the date field holds and sends back. */
const DEADLINE_DAY = DEADLINE.slice(0, 10)

async function openForm(overrides: Partial<Job> = {}) {
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'Job fetched', data: job({ maxApplicants: 10, maxPositions: 2, deadline: DEADLINE, ...overrides }) }),
    ),
  )
  signIn(recruiter)
  const view = renderApp('/dashboard/edit-job/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Job' })).toBeVisible()
  await screen.findByLabelText('Max Applicants')
  return view
}

test('the form holds max applicants, max positions, the deadline and the screening questions, prefilled from the job', async () => {
  await openForm()
  expect(screen.getByLabelText('Max Applicants')).toHaveValue(10)
  expect(screen.getByLabelText('Max Positions')).toHaveValue(2)
  expect(screen.getByLabelText('Application Deadline')).toHaveValue(DEADLINE_DAY)
  expect(screen.getAllByRole('spinbutton')).toHaveLength(2)
  expect(screen.queryByLabelText('Job Title')).not.toBeInTheDocument()
  // A job without questions shows none, and offers to add one.
  expect(screen.getByRole('region', { name: 'Screening questions' })).toBeVisible()
  expect(questionsShown()).toEqual([])
  expect(screen.getByRole('button', { name: 'Add a question' })).toBeEnabled()
})

test('emptied fields show "Maximum applicants is required", "Maximum positions is required" and "Deadline is required"', async () => {
  const { user } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.clear(screen.getByLabelText('Max Positions'))
  await user.clear(screen.getByLabelText('Application Deadline'))
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Maximum applicants is required')).toBeVisible()
  expect(screen.getByText('Maximum positions is required')).toBeVisible()
  expect(screen.getByText('Deadline is required')).toBeVisible()
})

test('a saved edit sends the three fields and the questions (none), shows "Job Updated Successfully" and goes to My Jobs', async () => {
  let body: unknown
  server.use(
    http.put('/jobs/updateJob/{jobId}', async ({ request, response }) => {
      body = await request.json()
      return response(200).json({ success: true, message: 'Job updated successfully', data: job({ maxApplicants: 25 }) })
    }),
    http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [job({ maxApplicants: 25 })] })),
  )
  const { user, router } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.type(screen.getByLabelText('Max Applicants'), '25')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Updated Successfully')).toBeInTheDocument()
  expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-jobs')
  // The questions always go: without them the server would keep those it has.
  expect(body).toEqual({ maxApplicants: 25, maxPositions: 2, deadline: DEADLINE_DAY, questions: [] })
})

test('a refused edit shows "Job Not Updated" and the server\'s reason, and stays', async () => {
  server.use(
    http.put('/jobs/updateJob/{jobId}', ({ response }) =>
      response(400).json({ success: false, message: 'Max applicants cannot be less than the 3 applications already received' }),
    ),
  )
  const { user, router } = await openForm()
  await user.clear(screen.getByLabelText('Max Applicants'))
  await user.type(screen.getByLabelText('Max Applicants'), '1')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Not Updated')).toBeInTheDocument()
  expect(screen.getByRole('alert')).toHaveTextContent('Max applicants cannot be less than the 3 applications already received')
  expect(router.state.location.pathname).toBe('/dashboard/edit-job/j1')
})

/** Answers updateJob, keeping what it was sent in `sent.body` (null until it is called). */
function acceptEdits() {
  const sent: { body: unknown } = { body: null }
  server.use(
    http.put('/jobs/updateJob/{jobId}', async ({ request, response }) => {
      sent.body = await request.json()
      return response(200).json({ success: true, message: 'Job updated successfully', data: job() })
    }),
  )
  return sent
}

test("the job's questions are prefilled: text, kind, Required and the wanted answer of each", async () => {
  await openForm({ questions: askedQuestions() })
  expect(questionsShown()).toEqual(['Question 1: Years of Rust?', 'Question 2: Notice period', 'Question 3: Your best project'])
  const years = within(questionGroup(1))
  expect(years.getByLabelText('Answer type')).toHaveValue('number')
  expect(years.getByRole('checkbox', { name: 'Required' })).toBeChecked()
  expect(years.getByLabelText('At least')).toHaveValue(3)
  expect(years.getByLabelText('At most')).toHaveValue(null)
  const notice = within(questionGroup(2))
  expect(notice.getByLabelText('Answer type')).toHaveValue('choice')
  expect(notice.getByRole('checkbox', { name: 'Required' })).not.toBeChecked()
  expect(notice.getAllByRole('textbox', { name: /^Choice \d+$/ }).map((box) => (box as HTMLInputElement).value)).toEqual(['None', '30 days', '90 days'])
  expect(notice.getByRole('checkbox', { name: 'None' })).toBeChecked()
  expect(notice.getByRole('checkbox', { name: '30 days' })).toBeChecked()
  expect(notice.getByRole('checkbox', { name: '90 days' })).not.toBeChecked()
  expect(within(questionGroup(3)).getByLabelText('Answer type')).toHaveValue('text')
})

test('questions kept are sent with their _id, even when edited; a new one without', async () => {
  const sent = acceptEdits()
  const { user } = await openForm({ questions: askedQuestions() })
  const text = within(questionGroup(1)).getByLabelText('Question')
  await user.clear(text)
  await user.type(text, 'Years of Rust in production?')
  const pune = await addQuestion(user, { text: 'Can you work from Pune?' })
  await user.selectOptions(within(pune).getByLabelText('Wanted answer (optional)'), 'Yes')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Updated Successfully')).toBeInTheDocument()
  expect(sent.body).toEqual({
    maxApplicants: 10,
    maxPositions: 2,
    deadline: DEADLINE_DAY,
    questions: [
      { _id: 'q1', kind: 'number', text: 'Years of Rust in production?', required: true, wanted: { min: 3 } },
      { _id: 'q2', kind: 'choice', text: 'Notice period', required: false, choices: ['None', '30 days', '90 days'], wanted: { choices: ['None', '30 days'] } },
      { _id: 'q3', kind: 'text', text: 'Your best project', required: false },
      { kind: 'yesNo', text: 'Can you work from Pune?', required: false, wanted: { yes: true } },
    ],
  })
})

test('moved and removed questions: each one kept goes with its own _id, in the new order', async () => {
  const sent = acceptEdits()
  const { user } = await openForm({ questions: askedQuestions() })
  await user.click(screen.getByRole('button', { name: 'Move question 3 up' }))
  expect(questionsShown()).toEqual(['Question 1: Years of Rust?', 'Question 2: Your best project', 'Question 3: Notice period'])
  // The focus stays on the moved question's Up button.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move question 2 up' })).toHaveFocus())
  await user.click(screen.getByRole('button', { name: 'Remove question 1' }))
  expect(questionsShown()).toEqual(['Question 1: Your best project', 'Question 2: Notice period'])
  // The wanted choices went with the choice question.
  expect(within(questionGroup(2)).getByRole('checkbox', { name: '30 days' })).toBeChecked()
  // A choice question's choice removed takes its wanted tick with it.
  await user.click(screen.getByRole('button', { name: 'Remove choice 1 of question 2' }))
  await waitFor(() => expect(within(questionGroup(2)).getByLabelText('Choice 1')).toHaveFocus())
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Updated Successfully')).toBeInTheDocument()
  expect((sent.body as { questions: unknown }).questions).toEqual([
    { _id: 'q3', kind: 'text', text: 'Your best project', required: false },
    { _id: 'q2', kind: 'choice', text: 'Notice period', required: false, choices: ['30 days', '90 days'], wanted: { choices: ['30 days'] } },
  ])
})

test('removing every question sends an empty list, which removes them from the job', async () => {
  const sent = acceptEdits()
  const { user } = await openForm({ questions: askedQuestions() })
  for (const number of [3, 2, 1]) await user.click(screen.getByRole('button', { name: `Remove question ${number}` }))
  expect(questionsShown()).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Updated Successfully')).toBeInTheDocument()
  expect(sent.body).toEqual({ maxApplicants: 10, maxPositions: 2, deadline: DEADLINE_DAY, questions: [] })
})

test("an edited question is checked with the server's words, and the server's refusal is shown on the form", async () => {
  const sent = acceptEdits()
  const { user } = await openForm({ questions: askedQuestions() })
  const notice = within(questionGroup(2))
  await user.clear(notice.getByLabelText('Choice 3'))
  await user.type(notice.getByLabelText('Choice 3'), 'NONE')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Question 2 (Notice period): each choice is given once')).toBeVisible()
  expect(notice.getByLabelText('Choice 3')).toHaveAccessibleDescription('Question 2 (Notice period): each choice is given once')
  expect(sent.body).toBeNull()

  server.use(
    http.put('/jobs/updateJob/{jobId}', ({ response }) =>
      response(400).json({ success: false, message: 'Question 2 (Notice period): the wanted answer is one or more of its choices' }),
    ),
  )
  await user.clear(notice.getByLabelText('Choice 3'))
  await user.type(notice.getByLabelText('Choice 3'), '60 days')
  await user.click(screen.getByRole('button', { name: 'Update Job' }))
  expect(await screen.findByText('Job Not Updated')).toBeInTheDocument()
  expect(screen.getByRole('alert')).toHaveTextContent('Question 2 (Notice period): the wanted answer is one or more of its choices')
})
