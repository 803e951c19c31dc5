import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { question, screeningQuestions } from '@/testing/apply-answers'
import { application } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { DEFAULT_SOP } from '../sop'
import type { Question } from '../screening'
import ApplyForm from './apply-form'
import type { ResumeToSend } from './apply-button'

const RESUME_URL = 'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-applicant&expires=4102444800&signature=abc'

/** The form alone at "/", with Settings as a page of its own so its links can be followed. */
function renderForm(resume: ResumeToSend | undefined, questions?: Question[]) {
  const done: boolean[] = []
  const sent: unknown[] = []
  server.use(
    http.post('/jobs/apply/{jobId}', async ({ request, response }) => {
      sent.push(await request.json())
      return response(201).json({ success: true, message: 'Job Applied Successfully', application: application() })
    }),
  )
  const view = renderApp('/', [
    {
      path: '/',
      element: <ApplyForm jobId="j1" jobTitle="Backend Developer" questions={questions} resume={resume} onDone={(applied) => done.push(applied)} />,
    },
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

test('a job without questions says nothing of questions and sends an empty list of answers with the statement', async () => {
  const { user, sent, done } = renderForm(null, [])
  expect(screen.queryByText(/This job asks/)).not.toBeInTheDocument()
  expect(screen.queryByRole('list')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(sent).toEqual([{ sop: DEFAULT_SOP, answers: [] }])
  expect(done).toEqual([true])
})

test('a job with questions says "This job asks 4 questions" first and asks each as its kind takes it, never showing what the recruiter wants', async () => {
  renderForm(null, screeningQuestions())
  const form = screen.getByRole('button', { name: 'Submit Application' }).closest('form')!
  expect(form.firstElementChild).toHaveTextContent(/^This job asks 4 questions$/)
  const list = screen.getByRole('list', { name: 'This job asks 4 questions' })
  expect(within(list).getAllByRole('listitem')).toHaveLength(4)

  const relocate = within(list).getByRole('group', { name: 'Can you work from Pune? (required)' })
  expect(within(relocate).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['yes', 'no'])
  expect(within(relocate).getByRole('radio', { name: 'Yes' })).toBeRequired()
  expect(within(relocate).getByRole('radio', { name: 'No' })).not.toBeChecked()

  const years = within(list).getByRole('spinbutton', { name: 'Years of Rust? (required)' })
  expect(years).toBeRequired()
  expect(years).toHaveValue(null)

  const notice = within(list).getByRole('group', { name: 'Notice period' })
  expect(within(notice).getAllByRole('radio').map((radio) => (radio.closest('label') as HTMLElement).textContent)).toEqual(['Immediate', '30 days', '90 days'])
  expect(within(notice).getByRole('radio', { name: 'Immediate' })).not.toBeRequired()

  const note = within(list).getByRole('textbox', { name: 'Anything else?' })
  expect(note.tagName).toBe('TEXTAREA')
  expect(note).not.toBeRequired()
  expect(note).toHaveAccessibleDescription('0 / 500 characters')

  // The requirements (yes, at least 3 years, Immediate or 30 days) are the hiring team's alone.
  expect(form).not.toHaveTextContent(/want|requirement|at least|minimum/i)
})

test('one question is "This job asks 1 question"', () => {
  renderForm(null, [question()])
  expect(screen.getByRole('list', { name: 'This job asks 1 question' })).toBeInTheDocument()
})

test('every answer goes with the statement: true or false, a number, the choice, the trimmed text', async () => {
  const { user, sent, done } = renderForm(null, screeningQuestions())
  await user.click(screen.getByRole('radio', { name: 'Yes' }))
  await user.type(screen.getByRole('spinbutton', { name: 'Years of Rust? (required)' }), '4')
  await user.click(screen.getByRole('radio', { name: '30 days' }))
  const note = screen.getByRole('textbox', { name: 'Anything else?' })
  await user.type(note, '  Happy to relocate.  ')
  expect(note).toHaveAccessibleDescription('18 / 500 characters')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(sent).toEqual([
    {
      sop: DEFAULT_SOP,
      answers: [
        { questionId: 'q-relocate', answer: true },
        { questionId: 'q-years', answer: 4 },
        { questionId: 'q-notice', answer: '30 days' },
        { questionId: 'q-note', answer: 'Happy to relocate.' },
      ],
    },
  ])
  expect(done).toEqual([true])
})

test('"No", a number with a fraction, and optional questions left unanswered (a blank text among them) are sent as such: the unanswered ones left out', async () => {
  const { user, sent } = renderForm(null, screeningQuestions())
  await user.click(screen.getByRole('radio', { name: 'No' }))
  await user.type(screen.getByRole('spinbutton', { name: 'Years of Rust? (required)' }), '2.5')
  await user.type(screen.getByRole('textbox', { name: 'Anything else?' }), '   ')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(sent).toEqual([
    {
      sop: DEFAULT_SOP,
      answers: [
        { questionId: 'q-relocate', answer: false },
        { questionId: 'q-years', answer: 2.5 },
      ],
    },
  ])
})

test('required questions left unanswered are refused in the server\'s words, each beside its question, and nothing is sent', async () => {
  const { user, sent, done } = renderForm(null, screeningQuestions())
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  const relocateError = await screen.findByText('Question 1 (Can you work from Pune?) must be answered')
  expect(screen.getByText('Question 2 (Years of Rust?) must be answered')).toBeVisible()
  expect(screen.queryByText(/Question 3|Question 4/)).not.toBeInTheDocument()

  const relocate = screen.getByRole('group', { name: 'Can you work from Pune? (required)' })
  for (const radio of within(relocate).getAllByRole('radio')) {
    expect(radio).toBeInvalid()
    expect(radio).toHaveAccessibleDescription('Question 1 (Can you work from Pune?) must be answered')
  }
  expect(relocate).toContainElement(relocateError)
  const years = screen.getByRole('spinbutton', { name: 'Years of Rust? (required)' })
  expect(years).toBeInvalid()
  expect(years).toHaveAccessibleDescription('Question 2 (Years of Rust?) must be answered')
  // The first question to answer has the focus.
  expect(within(relocate).getByRole('radio', { name: 'Yes' })).toHaveFocus()
  expect(sent).toEqual([])
  expect(done).toEqual([])

  await user.click(within(relocate).getByRole('radio', { name: 'Yes' }))
  await user.type(years, '3')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(sent).toHaveLength(1)
})

test('a question is named by its first 60 characters and "…" when it is longer', async () => {
  const text = 'Describe the largest Rust service you have run in production and its traffic'
  const { user } = renderForm(null, [question({ text, required: true })])
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Question 1 (Describe the largest Rust service you have run in production…) must be answered')).toBeVisible()
})

test('a text answer longer than 500 characters and a number beyond a billion are refused as the server would', async () => {
  const { user, sent } = renderForm(null, [question(), question({ _id: 'q2', kind: 'number', text: 'Expected salary?' })])
  const note = screen.getByRole('textbox', { name: 'Anything else?' })
  await user.click(note)
  await user.paste(`  ${'a'.repeat(501)}  `)
  expect(note).toHaveAccessibleDescription('501 / 500 characters')
  await user.type(screen.getByRole('spinbutton', { name: 'Expected salary?' }), '2000000000')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Question 1 (Anything else?) is answered in at most 500 characters')).toBeVisible()
  expect(screen.getByText('Question 2 (Expected salary?) is answered with a number')).toBeVisible()
  expect(sent).toEqual([])
})

test('a refusal from the server (400) is the form\'s error, not a toast, and the dialog stays to put it right', async () => {
  const message = 'Question 2 (Years of Rust?) is answered with a number'
  const { user, done } = renderForm(null, screeningQuestions())
  server.use(http.post('/jobs/apply/{jobId}', ({ response }) => response.untyped(HttpResponse.json({ success: false, message }, { status: 400 }))))
  await user.click(screen.getByRole('radio', { name: 'Yes' }))
  await user.type(screen.getByRole('spinbutton', { name: 'Years of Rust? (required)' }), '5')
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(message)
  expect(screen.getAllByText(message)).toHaveLength(1)
  expect(done).toEqual([])

  // Sent again, the old refusal goes.
  server.use(
    http.post('/jobs/apply/{jobId}', ({ response }) =>
      response(201).json({ success: true, message: 'Job Applied Successfully', application: application() }),
    ),
  )
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job Applied Successfully')).toBeInTheDocument()
  expect(screen.queryByText(message)).not.toBeInTheDocument()
  expect(done).toEqual([true])
})

test('a failure that is not a refusal is a toast: "Job application failed" without a reason', async () => {
  const { user, done } = renderForm(null, [])
  server.use(http.post('/jobs/apply/{jobId}', ({ response }) => response.untyped(new HttpResponse('oops', { status: 502 }))))
  await user.click(screen.getByRole('button', { name: 'Submit Application' }))
  expect(await screen.findByText('Job application failed')).toBeInTheDocument()
  expect(screen.getByRole('alert')).toBeEmptyDOMElement()
  expect(done).toEqual([])
})
