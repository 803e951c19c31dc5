import { screen, within } from '@testing-library/react'
import type { Recommendation } from '@/features/jobs/api/jobs-for-you'
import { applicant, job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const answer = (data: Recommendation[], skillCount: number) => {
  const limits: string[] = []
  server.use(
    http.get('/jobs/forYou', ({ request, response }) => {
      limits.push(new URL(request.url).searchParams.get('limit') ?? '')
      return response(200).json({ success: true, message: 'Jobs for you fetched successfully', data, skillCount })
    }),
  )
  return limits
}

const recommended = [
  { job: job({ _id: 'j1', title: 'Streaming Engineer' }), matchedSkills: ['Rust', 'SQL'], reason: 'Matches 2 of your 3 skills: Rust, SQL' },
  { job: job({ _id: 'j2', title: 'Rust Engineer' }), matchedSkills: ['Rust'], reason: 'Matches 1 of your 3 skills: Rust' },
]

test('Jobs for You lists the ranked jobs, each saying why, with a Save toggle', async () => {
  const limits = answer(recommended, 3)
  signIn(applicant)
  renderApp('/dashboard/jobs-for-you')
  expect(await screen.findByRole('heading', { level: 1, name: 'Jobs for You' })).toBeVisible()
  const list = within(await screen.findByRole('list', { name: 'Jobs for You' }))
  const cards = list.getAllByRole('article')
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Streaming Engineer', 'Rust Engineer'])
  expect(within(cards[0]).getByText('Matches 2 of your 3 skills: Rust, SQL')).toBeVisible()
  expect(within(cards[0]).getByRole('button', { name: 'Save Streaming Engineer' })).toBeVisible()
  expect(limits).toEqual(['20'])
})

test('an applicant without skills is told to add some, with the way there', async () => {
  answer([], 0)
  signIn(applicant)
  renderApp('/dashboard/jobs-for-you')
  expect(await screen.findByText('Add your skills to your profile, and the jobs that match them will show here.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Add skills' })).toHaveAttribute('href', '/dashboard/settings')
})

test('the landing page shows a signed-in applicant their four best matches; a guest sees no such section', async () => {
  const limits = answer(recommended, 3)
  signIn(applicant)
  const first = renderApp('/')
  const section = within(await screen.findByRole('region', { name: 'Jobs for you' }))
  expect(await section.findByText('Matches 1 of your 3 skills: Rust')).toBeVisible()
  expect(section.getByRole('link', { name: 'See all jobs for you' })).toHaveAttribute('href', '/dashboard/jobs-for-you')
  expect(limits).toEqual(['4'])
  first.unmount()
  localStorage.clear()
  const { reloadStores } = await import('@/testing/session')
  reloadStores()
  renderApp('/')
  await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })
  expect(screen.queryByRole('region', { name: 'Jobs for you' })).not.toBeInTheDocument()
})
