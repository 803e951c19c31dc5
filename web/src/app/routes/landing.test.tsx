import { screen, within } from '@testing-library/react'
import { admin, applicant, categories, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const SEVEN = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const ELEVEN = [...SEVEN, 'Business Development', 'Accounting', 'Research', 'Consulting']

const shortcuts = () => within(screen.getByRole('region', { name: 'Explore jobs by area' })).getAllByRole('link')

test('the landing page shows the headline, both calls to action and "Who is it for?"', async () => {
  renderApp('/')
  expect(await screen.findByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  expect(screen.getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/jobs')
  expect(screen.getByRole('link', { name: 'Post a job' })).toBeVisible()
  expect(screen.getByRole('search', { name: 'Jobs' })).toBeVisible()
  expect(screen.getByRole('heading', { name: 'Who is it for?' })).toBeVisible()
  expect(screen.getByText(/for anyone navigating their professional life/i)).toBeVisible()
})

test('the landing page shows seven job-area shortcuts, eleven after "Show More", and seven after "Show Less"', async () => {
  const { user } = renderApp('/')
  await screen.findByRole('heading', { level: 1 })
  expect(shortcuts().map((link) => link.textContent)).toEqual(SEVEN)

  await user.click(screen.getByRole('button', { name: 'Show More' }))
  expect(shortcuts().map((link) => link.textContent)).toEqual(ELEVEN)

  await user.click(screen.getByRole('button', { name: 'Show Less' }))
  expect(shortcuts().map((link) => link.textContent)).toEqual(SEVEN)
})

test("every job-area shortcut leads to that category's page", async () => {
  const { user, router } = renderApp('/')
  await user.click(await screen.findByRole('button', { name: 'Show More' }))
  expect(shortcuts().map((link) => link.getAttribute('href'))).toEqual([
    '/category/engineering',
    '/category/finance',
    '/category/sales',
    '/category/information-technology',
    '/category/marketing',
    '/category/customer-support',
    '/category/human-resource',
    '/category/business-development',
    '/category/accounting',
    '/category/research',
    '/category/consulting',
  ])
  server.use(
    http.post('/jobs/categoryPageDetails/{categoryId}', ({ response }) =>
      response(200).json({ success: true, message: 'ok', selectedCategory: { ...categories[0], jobs: [] } }),
    ),
  )
  await user.click(screen.getByRole('link', { name: 'Engineering' }))
  expect(await screen.findByText('No jobs available for this category.')).toBeVisible()
  expect(screen.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/category/engineering')
})

test('the hero search box goes to /jobs with the words as q', async () => {
  const { user, router } = renderApp('/')
  const hero = await screen.findByRole('search', { name: 'Jobs' })
  await user.type(within(hero).getByRole('searchbox', { name: 'Search jobs' }), '  rust developer {Enter}')
  expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/jobs')
  expect(router.state.location.search).toBe('?q=rust+developer')
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust developer')
})

test('the hero search with no words goes to every job', async () => {
  const { user, router } = renderApp('/')
  await user.click(within(await screen.findByRole('search', { name: 'Jobs' })).getByRole('button', { name: 'Search' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  expect(router.state.location.search).toBe('')
})

test('"Post a job" opens recruiter signup for a guest: Signup on the Recruiter tab, with Add Job as where to go next', async () => {
  const { user, router } = renderApp('/')
  const post = await screen.findByRole('link', { name: 'Post a job' })
  expect(post).toHaveAttribute('href', '/signup?next=/dashboard/add-job')
  await user.click(post)
  expect(await screen.findByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('tab', { name: 'Applicant' })).toHaveAttribute('aria-selected', 'false')
  expect(router.state.location.pathname + router.state.location.search).toBe('/signup?next=/dashboard/add-job')
  // A guest who has a recruiter account logs in from there and still arrives at Add Job.
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=/dashboard/add-job')
})

test('"Post a job" takes a recruiter straight to Add Job', async () => {
  signIn(recruiter)
  const { user } = renderApp('/')
  const post = await screen.findByRole('link', { name: 'Post a job' })
  expect(post).toHaveAttribute('href', '/dashboard/add-job')
  await user.click(post)
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
})

test('an Admin is not offered "Post a job" (Add Job is not an Admin\'s page)', async () => {
  signIn(admin)
  renderApp('/')
  expect(await screen.findByRole('link', { name: 'Find Jobs' })).toBeVisible()
  expect(screen.queryByRole('link', { name: 'Post a job' })).not.toBeInTheDocument()
  expect(screen.queryByText('Hiring? Jobs are posted from a recruiter account.')).not.toBeInTheDocument()
})

test('an applicant is told that jobs are posted from a recruiter account instead of a "Post a job" that would fail', async () => {
  signIn(applicant)
  renderApp('/')
  expect(await screen.findByText('Hiring? Jobs are posted from a recruiter account.')).toBeVisible()
  expect(screen.queryByRole('link', { name: 'Post a job' })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/jobs')
})
