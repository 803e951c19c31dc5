import { screen, waitFor, within } from '@testing-library/react'
import type { SavedSearch } from '@/features/alerts/api/saved-searches'
import { applicant, job } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { answerSavedSearches, savedSearch } from '@/testing/saved-searches'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const card = (name: string) => within(screen.getByRole('article', { name }))

test('Saved Searches lists each search in words (a minimum salary as every screen writes a salary), with its alerts, and leads to its jobs', async () => {
  answerSavedSearches([
    savedSearch(),
    savedSearch({ _id: 's2', name: 'Anything', query: '', alerts: false }),
    savedSearch({ _id: 's3', name: 'Well paid', query: 'workMode=Remote&salaryMin=240000' }),
    savedSearch({ _id: 's4', name: 'Acme Robotics', query: 'company=acme-robotics' }),
  ])
  signIn(applicant)
  renderApp('/dashboard/saved-searches')
  expect(await screen.findByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible()
  await screen.findByRole('list', { name: 'Saved searches' })
  expect(card('Rust in Pune').getByText('rust, Pune, Full-time')).toBeVisible()
  expect(card('Rust in Pune').getByText('On')).toBeVisible()
  expect(card('Anything').getByText('All jobs')).toBeVisible()
  expect(card('Anything').getByText('Paused')).toBeVisible()
  expect(card('Well paid').getByText('Remote, from ₹2,40,000 per month')).toBeVisible()
  // A followed company's search, by the words of its slug.
  expect(card('Acme Robotics').getByText('Company: Acme Robotics')).toBeVisible()
  expect(card('Rust in Pune').getByRole('link', { name: 'Show jobs for Rust in Pune' })).toHaveAttribute('href', '/jobs?q=rust&location=Pune&jobType=Full-time')
})

test('a search is paused, resumed, renamed and deleted after confirming', async () => {
  const sent = answerSavedSearches([savedSearch()])
  signIn(applicant)
  const { user } = renderApp('/dashboard/saved-searches')
  await user.click(await screen.findByRole('button', { name: 'Pause alerts for Rust in Pune' }))
  expect(await screen.findByText('Alerts paused')).toBeInTheDocument()
  expect(await card('Rust in Pune').findByText('Paused')).toBeVisible()
  await user.click(card('Rust in Pune').getByRole('button', { name: 'Resume alerts for Rust in Pune' }))
  expect(await screen.findByText('Alerts resumed')).toBeInTheDocument()

  await user.click(card('Rust in Pune').getByRole('button', { name: 'Rename Rust in Pune' }))
  const field = card('Rust in Pune').getByLabelText('New name for Rust in Pune')
  await user.clear(field)
  await user.type(field, 'Pune Rust')
  await user.click(card('Rust in Pune').getByRole('button', { name: 'Save' }))
  expect(await screen.findByRole('article', { name: 'Pune Rust' })).toBeVisible()

  await user.click(card('Pune Rust').getByRole('button', { name: 'Delete Pune Rust' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this saved search?' })).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText(/You have no saved searches yet/)).toBeVisible()
  expect(sent).toEqual([{ id: 's1', alerts: false }, { id: 's1', alerts: true }, { id: 's1', name: 'Pune Rust' }, { deleted: 's1' }])
})

test('"Save this search" on /jobs keeps the filters under a name the applicant may change', async () => {
  const sent = answerSavedSearches([])
  server.use(
    http.get('/jobs/alljobs', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: [job()], total: 1, totalCapped: false, totalExact: true, page: 1, limit: 20 }),
    ),
  )
  signIn(applicant)
  const { user } = renderApp('/jobs?q=rust&workMode=Remote&page=2')
  await user.click(await screen.findByRole('button', { name: 'Save this search' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Save this search' }))
  const name = dialog.getByLabelText('Name')
  expect(name).toHaveValue('rust, Remote')
  expect(name).toHaveFocus()
  await user.clear(name)
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(await dialog.findByText('Name is required')).toBeVisible()
  await user.type(name, 'Remote Rust')
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Search saved')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(sent).toEqual([{ name: 'Remote Rust', query: 'q=rust&workMode=Remote' }])
})

test('a guest is offered "Log in to save this search" instead, which comes back to the same search after login', async () => {
  renderApp('/jobs?q=rust&workMode=Remote')
  const login = await screen.findByRole('link', { name: 'Log in to save this search' })
  expect(login).toHaveAttribute('href', '/login?next=/jobs%3Fq%3Drust%26workMode%3DRemote')
  expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument()
})

test('a search saved already, its filters in any order, shows "This search is saved", leading to Saved Searches', async () => {
  answerSavedSearches([savedSearch({ query: 'location=Pune&jobType=Full-time&q=rust' })])
  signIn(applicant)
  renderApp('/jobs?q=rust&jobType=Full-time&location=Pune&page=2')
  expect(await screen.findByRole('link', { name: 'This search is saved' })).toHaveAttribute('href', '/dashboard/saved-searches')
  expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Log in to save this search' })).not.toBeInTheDocument()
})

test('another search is not shown saved: "Save this search" stays', async () => {
  answerSavedSearches([savedSearch({ query: 'q=rust&location=Pune' })])
  signIn(applicant)
  renderApp('/jobs?q=rust')
  expect(await screen.findByRole('button', { name: 'Save this search' })).toBeEnabled()
  expect(screen.queryByRole('link', { name: 'This search is saved' })).not.toBeInTheDocument()
})

test('once saved, the button says "This search is saved" and keeps the focus', async () => {
  answerSavedSearches([])
  signIn(applicant)
  const { user } = renderApp('/jobs?q=rust')
  await user.click(await screen.findByRole('button', { name: 'Save this search' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Save this search' })).getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Search saved')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('link', { name: 'This search is saved' })).toHaveFocus())
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('saving a search saved already (the list not yet showing it) says "This search is already saved", then shows it saved', async () => {
  let searches: SavedSearch[] = []
  server.use(
    http.get('/jobs/savedSearches', ({ response }) => response(200).json({ success: true, message: 'ok', data: searches })),
    http.post('/jobs/savedSearches', ({ response }) => {
      searches = [savedSearch({ query: 'q=rust' })]
      return response(409).json({ success: false, message: 'This search is already saved' })
    }),
  )
  signIn(applicant)
  const { user } = renderApp('/jobs?q=rust')
  await user.click(await screen.findByRole('button', { name: 'Save this search' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Save this search' }))
  await user.click(dialog.getByRole('button', { name: 'Save' }))
  expect(await dialog.findByText('This search is already saved')).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(screen.getByRole('link', { name: 'This search is saved' })).toHaveFocus())
})
