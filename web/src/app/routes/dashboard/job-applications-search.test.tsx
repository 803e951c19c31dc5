import { screen, waitFor, within } from '@testing-library/react'
import type { FoundApplication } from '@/features/applications/api/search-applicants'
import { answerJobApplications, answerSearch, found, screenedApplication } from '@/testing/applicant-search'
import { application, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => {
  vi.restoreAllMocks()
})

const BO = { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' }

const ANN = found(screenedApplication(), 'resume', 'Led the [migration] of payments to [Rust] services in 2024.')
const BO_FOUND = found(application({ _id: 'a2', userDetails: BO, stage: 'interview' }), 'statement', 'I want to write [Rust] every day.')

async function open(path = '/dashboard/job/applications/j1') {
  signIn(recruiter)
  const view = renderApp(path)
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
  return view
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search applicants' })
const results = () => within(screen.getByRole('list', { name: 'Search results' }))
const status = () => screen.getByText(/applicants? found$|^No applicants found$/)

test('words in "Search applicants" search the job\'s applicants after a pause: the results take the board\'s place and their count is announced', async () => {
  answerJobApplications(() => [screenedApplication()])
  const queries = answerSearch(() => ({ applications: [ANN, BO_FOUND], total: 2 }))
  const { user, router } = await open()
  await screen.findByRole('article', { name: 'Ann Lee' })
  // The label is visible, not only read.
  expect(screen.getByText('Search applicants', { selector: 'label' })).toBeVisible()
  await user.type(searchBox(), 'rust migration')

  expect(await screen.findByText('2 applicants found')).toBeVisible()
  expect(status().closest('[aria-live="polite"]')).not.toBeNull()
  expect(queries).toEqual([{ q: 'rust migration', job: 'j1', page: '1', limit: '20' }])
  expect(router.state.location.search).toBe('?q=rust+migration')
  expect(results().getAllByRole('article').map((each) => within(each).getByRole('heading', { level: 3 }).textContent)).toEqual(['Ann Lee', 'Bo Kim'])
  // The board has gone, and so has its Board/List toggle.
  expect(screen.queryByRole('heading', { level: 2, name: /^Applied \(/ })).not.toBeInTheDocument()
  expect(screen.queryByRole('group', { name: 'View' })).not.toBeInTheDocument()
})

test('each result shows its stage, the requirements met, and the snippet with exactly its matching words marked, saying where it was found', async () => {
  answerJobApplications(() => [])
  answerSearch(() => ({ applications: [ANN, BO_FOUND], total: 2 }))
  await open('/dashboard/job/applications/j1?q=rust')
  const ann = within(await screen.findByRole('article', { name: 'Ann Lee' }))
  expect(ann.getByText('Applied')).toBeVisible()
  expect(ann.getByText('Meets 2 of 3 requirements')).toBeVisible()
  expect(ann.getByText('In the resume')).toBeVisible()
  const snippet = ann.getByText('In the resume').nextElementSibling!
  expect(snippet).toHaveTextContent('Led the migration of payments to Rust services in 2024.')
  expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['migration', 'Rust'])

  const bo = within(screen.getByRole('article', { name: 'Bo Kim' }))
  expect(bo.getByText('Interview stage')).toBeVisible()
  expect(bo.queryByText(/requirement/)).not.toBeInTheDocument()
  const boSnippet = bo.getByText('In the statement').nextElementSibling!
  expect([...boSnippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Rust'])
})

test.each([
  ['resume', 'In the resume'],
  ['statement', 'In the statement'],
  ['answers', 'In the answers'],
  ['skills', 'In the skills'],
  ['name', 'In the name'],
] as const)('a snippet from the %s says "%s"', async (source, label) => {
  answerJobApplications(() => [])
  answerSearch(() => ({ applications: [found(application(), source, '[Ann] Lee')], total: 1 }))
  await open('/dashboard/job/applications/j1?q=ann')
  expect(await screen.findByText('1 applicant found')).toBeVisible()
  expect(within(screen.getByRole('article', { name: 'Ann Lee' })).getByText(label)).toBeVisible()
})

test('the search narrows by the filters too: meets, question and answer are sent with the words, and a changed filter starts again from page 1', async () => {
  answerJobApplications(() => [])
  const queries = answerSearch(() => ({ applications: [ANN], total: 41 }))
  const { user, router } = await open('/dashboard/job/applications/j1?q=rust&meets=all&question=q-years&answer=5&page=2')
  expect(await screen.findByText('41 applicants found')).toBeVisible()
  expect(queries).toEqual([{ q: 'rust', job: 'j1', meets: 'all', question: 'q-years', answer: '5', page: '2', limit: '20' }])
  const filters = within(await screen.findByRole('group', { name: 'Filter applications' }))
  expect(filters.getByRole('spinbutton', { name: 'Answer' })).toHaveValue(5)

  await user.click(filters.getByRole('checkbox', { name: 'Meets all requirements' }))
  await waitFor(() => expect(queries).toHaveLength(2))
  expect(queries[1]).toEqual({ q: 'rust', job: 'j1', question: 'q-years', answer: '5', page: '1', limit: '20' })
  expect(router.state.location.search).toBe('?q=rust&question=q-years&answer=5')
})

test('a stage narrows the search: it is sent with the words and kept in the address, and withdrawn is no choice', async () => {
  answerJobApplications(() => [])
  const queries = answerSearch(() => ({ applications: [BO_FOUND], total: 1 }))
  const { user, router } = await open('/dashboard/job/applications/j1?q=rust')
  expect(await screen.findByText('1 applicant found')).toBeVisible()
  const stage = screen.getByRole('combobox', { name: 'Stage' })
  expect(within(stage).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'All stages', 'Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected',
  ])
  await user.selectOptions(stage, 'interview')
  await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'rust', job: 'j1', stage: 'interview', page: '1', limit: '20' }))
  expect(router.state.location.search).toBe('?q=rust&stage=interview')
  // All stages again: the first search's answer, already at hand.
  await user.selectOptions(stage, '')
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust'))
  expect(queries).toEqual([
    { q: 'rust', job: 'j1', page: '1', limit: '20' },
    { q: 'rust', job: 'j1', stage: 'interview', page: '1', limit: '20' },
  ])
})

test('Previous and Next page through the results, 20 at a time, each page kept in the address, the focus on the results\' heading', async () => {
  answerJobApplications(() => [])
  const page = (number: number): FoundApplication[] =>
    Array.from({ length: number < 3 ? 20 : 5 }, (_, i) => found(application({ _id: `p${number}-${i}`, userDetails: { firstName: `Applicant`, lastName: `${(number - 1) * 20 + i + 1}`, email: '' } }), 'skills', '[Rust]'))
  const queries = answerSearch((query) => ({ applications: page(Number(query.page)), total: 45 }))
  const { user, router } = await open('/dashboard/job/applications/j1?q=rust')
  expect(await screen.findByText('45 applicants found')).toBeVisible()
  const paging = within(screen.getByRole('navigation', { name: 'Pagination' }))
  expect(paging.getByText('Page 1 of 3')).toBeVisible()
  expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled()

  await user.click(paging.getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(results().getAllByRole('article')[0]).toHaveAccessibleName('Applicant 21'))
  expect(paging.getByText('Page 2 of 3')).toBeVisible()
  expect(router.state.location.search).toBe('?q=rust&page=2')
  expect(screen.getByRole('heading', { level: 2, name: 'Search results' })).toHaveFocus()

  await user.click(paging.getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(results().getAllByRole('article')).toHaveLength(5))
  expect(paging.getByRole('button', { name: 'Next page' })).toBeDisabled()

  await user.click(paging.getByRole('button', { name: 'Previous page' }))
  await waitFor(() => expect(results().getAllByRole('article')[0]).toHaveAccessibleName('Applicant 21'))
  expect(queries.map((query) => query.page)).toEqual(['1', '2', '3'])
  expect(queries.every((query) => query.limit === '20' && query.job === 'j1' && query.q === 'rust')).toBe(true)
})

test('while the index is being built the search says the server\'s 503 message in place, and Try again asks again', async () => {
  answerJobApplications(() => [])
  let building = true
  const queries = answerSearch(() => (building ? { status: 503, message: 'Applicant search is being prepared: try again in a minute' } : { applications: [ANN], total: 1 }))
  const { user } = await open('/dashboard/job/applications/j1?q=rust')
  const message = await screen.findByText('Applicant search is being prepared: try again in a minute')
  expect(message).toBeVisible()
  expect(message.closest('[aria-live="polite"]')).not.toBeNull()
  expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument()
  building = false
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('1 applicant found')).toBeVisible()
  expect(queries).toHaveLength(2)
})

test("a result's name opens its application as the board's Details does, and the focus comes back to it on closing", async () => {
  answerJobApplications(() => [])
  answerSearch(() => ({ applications: [ANN], total: 1 }))
  const { user } = await open('/dashboard/job/applications/j1?q=rust')
  const name = within(await screen.findByRole('list', { name: 'Search results' })).getByRole('button', { name: 'Ann Lee' })
  await user.click(name)
  const dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByText('Years of Rust?', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^2 /)
  expect(dialog.getByRole('link', { name: 'ann@example.com' })).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(name).toHaveFocus()
})

test('Enter searches at once; Clear empties the box and brings the board back, the focus in the box', async () => {
  answerJobApplications(() => [screenedApplication()])
  const queries = answerSearch(() => ({ applications: [], total: 0 }))
  const { user, router } = await open()
  await screen.findByRole('article', { name: 'Ann Lee' })
  await user.type(searchBox(), 'kotlin{Enter}')
  expect(router.state.location.search).toBe('?q=kotlin')
  expect(await screen.findByText('No applicants found')).toBeVisible()
  expect(queries).toEqual([{ q: 'kotlin', job: 'j1', page: '1', limit: '20' }])

  await user.click(screen.getByRole('button', { name: 'Clear' }))
  expect(searchBox()).toHaveValue('')
  expect(searchBox()).toHaveFocus()
  expect(router.state.location.search).toBe('')
  expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(screen.queryByRole('heading', { name: 'Search results' })).not.toBeInTheDocument()
  expect(queries).toHaveLength(1)
})
