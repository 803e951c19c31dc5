import { screen, waitFor, within } from '@testing-library/react'
import type { Application } from '@/features/applications/types'
import { application, DECIDED_AT, movedTo, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

/** The viewer's browser is in India: times read in IST. */
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => vi.restoreAllMocks())

const ALL = application({ _id: 'a1', jobId: 'j1', jobDetails: { ...application().jobDetails, title: 'Backend Developer' } })
const ASSIGNED = application({ _id: 'a2', jobId: 'j2', jobDetails: { ...application().jobDetails, title: 'Data Analyst' } })
const UNSEEN = application({ _id: 'a3', jobId: 'j3', jobDetails: { ...application().jobDetails, title: 'QA Engineer' } })

/** The recruiter's list as the server keeps it, one view at a time; every `view` asked for is recorded (null when none). */
function answer(views: Record<string, Application[]> = { all: [ALL, ASSIGNED, UNSEEN], assigned: [ASSIGNED], review: [UNSEEN] }) {
  const asked: (string | null)[] = []
  server.use(
    http.get('/auth/applications', ({ request, response }) => {
      const view = new URL(request.url).searchParams.get('view')
      asked.push(view)
      const applications = views[view ?? 'all']
      if (!applications) return response(400).json({ success: false, message: 'View must be all, assigned or review' })
      return response(200).json({ success: true, message: 'Applications fetched successfully', applications })
    }),
  )
  return asked
}

const viewLinks = () => within(screen.getByRole('navigation', { name: 'Show applications' }))
const titles = async () => {
  const list = await screen.findByRole('list', { name: 'Applications' })
  return within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 2 }).textContent)
}

test('the recruiter switches between All, Assigned to me and Needs review: each is a link kept in the address, the shown one current, and each fetches with its view', async () => {
  const asked = answer()
  signIn(recruiter)
  const { user, router } = renderApp('/dashboard/applications')
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  expect(await titles()).toEqual(['Backend Developer', 'Data Analyst', 'QA Engineer'])
  expect(viewLinks().getAllByRole('link').map((link) => link.textContent)).toEqual(['All', 'Assigned to me', 'Needs review'])
  expect(viewLinks().getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
  expect(viewLinks().getByRole('link', { name: 'Assigned to me' })).not.toHaveAttribute('aria-current')
  expect(viewLinks().getByRole('link', { name: 'Assigned to me' })).toHaveAttribute('href', '/dashboard/applications?view=assigned')
  expect(asked).toEqual(['all'])

  await user.click(viewLinks().getByRole('link', { name: 'Assigned to me' }))
  expect(router.state.location.search).toBe('?view=assigned')
  await waitFor(async () => expect(await titles()).toEqual(['Data Analyst']))
  expect(viewLinks().getByRole('link', { name: 'Assigned to me' })).toHaveAttribute('aria-current', 'page')
  expect(viewLinks().getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current')
  expect(asked).toEqual(['all', 'assigned'])

  // By keyboard too; the focus stays on the link (only the search changed).
  const review = viewLinks().getByRole('link', { name: 'Needs review' })
  review.focus()
  await user.keyboard('{Enter}')
  expect(router.state.location.search).toBe('?view=review')
  await waitFor(async () => expect(await titles()).toEqual(['QA Engineer']))
  expect(review).toHaveAttribute('aria-current', 'page')
  expect(review).toHaveFocus()
  expect(asked).toEqual(['all', 'assigned', 'review'])

  await user.click(viewLinks().getByRole('link', { name: 'All' }))
  expect(router.state.location.search).toBe('')
  await waitFor(async () => expect(await titles()).toEqual(['Backend Developer', 'Data Analyst', 'QA Engineer']))
})

test('the address opens a view at once (a reload keeps it)', async () => {
  const asked = answer()
  signIn(recruiter)
  renderApp('/dashboard/applications?view=review')
  expect(await titles()).toEqual(['QA Engineer'])
  expect(viewLinks().getByRole('link', { name: 'Needs review' })).toHaveAttribute('aria-current', 'page')
  expect(asked).toEqual(['review'])
})

test('an unknown view in the address shows All', async () => {
  const asked = answer()
  signIn(recruiter)
  renderApp('/dashboard/applications?view=everything')
  expect(await titles()).toEqual(['Backend Developer', 'Data Analyst', 'QA Engineer'])
  expect(viewLinks().getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
  expect(asked).toEqual(['all'])
})

test('an empty view says so in its own words', async () => {
  answer({ all: [ALL], assigned: [], review: [] })
  signIn(recruiter)
  renderApp('/dashboard/applications?view=review')
  expect(await screen.findByText('No applications need review: every one has been looked at.')).toBeVisible()
})

test("each card's history says who on the hiring team moved the application", async () => {
  answer({ all: [movedTo(movedTo(ALL, 'screening', '2026-03-05T09:00:00Z', 'Raj Rao'), 'interview', DECIDED_AT, 'Priya Shah')] })
  signIn(recruiter)
  renderApp('/dashboard/applications')
  const card = within((await screen.findByRole('link', { name: 'Backend Developer' })).closest('article')!)
  expect(card.getByText('Applied on').nextElementSibling).toHaveTextContent(/^Wed, 4 Mar, 2026, 15:30 IST$/)
  expect(card.getByText('Screening stage on').nextElementSibling).toHaveTextContent('Thu, 5 Mar, 2026, 14:30 IST · , by Raj Rao')
  expect(card.getByText('Interview stage on').nextElementSibling).toHaveTextContent('Fri, 6 Mar, 2026, 14:30 IST · , by Priya Shah')
})
