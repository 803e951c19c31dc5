import { screen, waitFor, within } from '@testing-library/react'
import { ANN_ANSWERS, answerJobApplications, screenedApplication } from '@/testing/applicant-search'
import { application, job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => {
  vi.restoreAllMocks()
})

const BO = { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' }

async function open(path = '/dashboard/job/applications/j1') {
  signIn(recruiter)
  const view = renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
  return view
}

/** The filters, once the job (and its questions) has loaded. */
const filters = async () => within(await screen.findByRole('group', { name: 'Filter applications' }))

test('the list view shows each application\'s screening answers under their questions (Yes/No for a yes/no question) and "Meets 2 of 3 requirements"', async () => {
  answerJobApplications(() => [screenedApplication(), application({ _id: 'a2', userDetails: BO, answers: ANN_ANSWERS.map((each) => ({ ...each, answer: each.question.kind === 'yesNo' ? false : each.answer })), requirements: { met: 3, total: 3 } })])
  await open('/dashboard/job/applications/j1?view=list')
  const ann = within(await screen.findByRole('article', { name: 'Ann Lee' }))
  expect(ann.getByText('Meets 2 of 3 requirements')).toBeVisible()
  expect(ann.getByRole('heading', { level: 3, name: 'Screening answers' })).toBeVisible()
  const answerTo = (question: string) => ann.getByText(question, { selector: 'dt' }).nextElementSibling
  expect(answerTo('Do you hold a work visa?')).toHaveTextContent(/^Yes \(meets the requirement\)$/)
  expect(answerTo('Years of Rust?')).toHaveTextContent(/^2 \(does not meet the requirement\)$/)
  expect(answerTo('Where would you work?')).toHaveTextContent(/^Office \(meets the requirement\)$/)
  // A text question wants nothing: its answer alone.
  expect(answerTo('Why us?')).toHaveTextContent(/^Your Rust services\.$/)

  const bo = within(screen.getByRole('article', { name: 'Bo Kim' }))
  expect(bo.getByText('Meets all 3 requirements')).toBeVisible()
  expect(bo.getByText('Do you hold a work visa?', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^No/)
})

test('an application without answers or requirements (a job asking none) shows neither', async () => {
  answerJobApplications(() => [application()])
  await open('/dashboard/job/applications/j1?view=list')
  const ann = within(await screen.findByRole('article', { name: 'Ann Lee' }))
  expect(ann.queryByText(/requirement/)).not.toBeInTheDocument()
  expect(ann.queryByRole('heading', { name: 'Screening answers' })).not.toBeInTheDocument()
})

test('a board card shows the requirements met, and its Details the answers', async () => {
  answerJobApplications(() => [screenedApplication()])
  const { user } = await open()
  const card = within(await screen.findByRole('article', { name: 'Ann Lee' }))
  expect(card.getByText('Meets 2 of 3 requirements')).toBeVisible()
  await user.click(card.getByRole('button', { name: 'Details of Ann Lee' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByText('Meets 2 of 3 requirements')).toBeVisible()
  expect(dialog.getByText('Years of Rust?', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^2 \(does not meet the requirement\)$/)
})

test('a job asking no questions shows no filters, and asks for its applications without any', async () => {
  const queries = answerJobApplications(() => [application()])
  server.use(http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'Job fetched successfully', data: job() })))
  await open()
  expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(await screen.findByText('Backend Developer at Acme')).toBeVisible()
  expect(screen.queryByRole('group', { name: 'Filter applications' })).not.toBeInTheDocument()
  expect(screen.queryByRole('checkbox', { name: 'Meets all requirements' })).not.toBeInTheDocument()
  expect(queries).toEqual([{}])
})

test('"Meets all requirements" sends meets=all, is kept in the address, and turned off asks for all again', async () => {
  const queries = answerJobApplications((query) => (query.meets === 'all' ? [application({ _id: 'a2', userDetails: BO })] : [screenedApplication(), application({ _id: 'a2', userDetails: BO })]))
  const { user, router } = await open()
  const meets = (await filters()).getByRole('checkbox', { name: 'Meets all requirements' })
  expect(meets).not.toBeChecked()
  await screen.findByRole('article', { name: 'Ann Lee' })
  await user.click(meets)
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Ann Lee' })).not.toBeInTheDocument())
  expect(screen.getByRole('article', { name: 'Bo Kim' })).toBeVisible()
  expect(meets).toBeChecked()
  expect(router.state.location.search).toBe('?meets=all')
  expect(queries).toEqual([{}, { meets: 'all' }])

  await user.click(meets)
  expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(router.state.location.search).toBe('')
  // The list without filters is still fresh in the cache: shown at once, not fetched again.
  expect(queries).toEqual([{}, { meets: 'all' }])
})

test('the answer filter offers the yes/no, number and choice questions (not the text one), and sends question and answer: Yes or No', async () => {
  const queries = answerJobApplications(() => [screenedApplication()])
  const { user, router } = await open()
  const form = await filters()
  const question = form.getByRole('combobox', { name: 'Answer to' })
  expect(within(question).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any question', 'Do you hold a work visa?', 'Years of Rust?', 'Where would you work?'])
  expect(form.queryByRole('combobox', { name: 'Answer' })).not.toBeInTheDocument()

  await user.selectOptions(question, 'Do you hold a work visa?')
  const answer = await form.findByRole('combobox', { name: 'Answer' })
  expect(within(answer).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any answer', 'Yes', 'No'])
  // A question without its answer narrows nothing yet.
  expect(router.state.location.search).toBe('?question=q-visa')
  expect(queries).toEqual([{}])

  await user.selectOptions(answer, 'No')
  await waitFor(() => expect(queries).toEqual([{}, { question: 'q-visa', answer: 'no' }]))
  expect(router.state.location.search).toBe('?question=q-visa&answer=no')
  await user.selectOptions(form.getByRole('combobox', { name: 'Answer' }), 'Yes')
  await waitFor(() => expect(queries).toEqual([{}, { question: 'q-visa', answer: 'no' }, { question: 'q-visa', answer: 'yes' }]))
})

test('a number question takes a number typed in, sent after a pause', async () => {
  const queries = answerJobApplications(() => [screenedApplication()])
  const { user, router } = await open()
  const form = await filters()
  await user.selectOptions(form.getByRole('combobox', { name: 'Answer to' }), 'Years of Rust?')
  const answer = form.getByRole('spinbutton', { name: 'Answer' })
  await user.type(answer, '12')
  await waitFor(() => expect(router.state.location.search).toBe('?question=q-years&answer=12'))
  await waitFor(() => expect(queries.at(-1)).toEqual({ question: 'q-years', answer: '12' }))
  // Typed quickly, the number is sent once, whole.
  expect(queries).toEqual([{}, { question: 'q-years', answer: '12' }])
})

test('a choice question offers its choices, and another question starts with no answer', async () => {
  const queries = answerJobApplications(() => [screenedApplication()])
  const { user, router } = await open()
  const form = await filters()
  await user.selectOptions(form.getByRole('combobox', { name: 'Answer to' }), 'Where would you work?')
  const answer = form.getByRole('combobox', { name: 'Answer' })
  expect(within(answer).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any answer', 'Office', 'Remote'])
  await user.selectOptions(answer, 'Remote')
  await waitFor(() => expect(queries.at(-1)).toEqual({ question: 'q-mode', answer: 'Remote' }))

  await user.selectOptions(form.getByRole('combobox', { name: 'Answer to' }), 'Do you hold a work visa?')
  await waitFor(() => expect(router.state.location.search).toBe('?question=q-visa'))
  expect(form.getByRole('combobox', { name: 'Answer' })).toHaveValue('')
})

test('the address sets the filters at once (a reload keeps them); "Clear filters" turns them off and keeps the focus in the filters', async () => {
  const queries = answerJobApplications((query) => (query.meets ? [] : [screenedApplication()]))
  const { user, router } = await open('/dashboard/job/applications/j1?view=list&meets=all&question=q-visa&answer=yes')
  expect(await screen.findByText('No applications match these filters.')).toBeVisible()
  expect(queries[0]).toEqual({ meets: 'all', question: 'q-visa', answer: 'yes' })
  const form = await filters()
  expect(form.getByRole('checkbox', { name: 'Meets all requirements' })).toBeChecked()
  expect(form.getByRole('combobox', { name: 'Answer to' })).toHaveValue('q-visa')
  expect(form.getByRole('combobox', { name: 'Answer' })).toHaveValue('yes')

  await user.click(form.getByRole('button', { name: 'Clear filters' }))
  expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(router.state.location.search).toBe('?view=list')
  expect(queries.at(-1)).toEqual({})
  expect(form.getByRole('checkbox', { name: 'Meets all requirements' })).toHaveFocus()
  expect(form.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
})
