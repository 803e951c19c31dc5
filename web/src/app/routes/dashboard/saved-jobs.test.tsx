import { screen, waitFor, within } from '@testing-library/react'
import type { Job } from '@/features/jobs/types'
import { CLOSED_AT } from '@/testing/dates'
import { applicant, job, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** The server's saved list, changed by the save and unsave calls; returns the calls made. */
function answerSaved(initial: Job[]) {
  let saved = [...initial]
  const calls: string[] = []
  server.use(
    http.get('/jobs/saved', ({ response }) => response(200).json({ success: true, message: 'Saved jobs fetched successfully', data: saved })),
    http.put('/jobs/saved/{jobId}', ({ params, response }) => {
      calls.push(`save ${params.jobId}`)
      saved = [job({ _id: params.jobId as string, title: 'Saved Later' }), ...saved]
      return response(200).json({ success: true, message: 'Job saved' })
    }),
    http.delete('/jobs/saved/{jobId}', ({ params, response }) => {
      calls.push(`unsave ${params.jobId}`)
      saved = saved.filter((each) => each._id !== params.jobId)
      return response(200).json({ success: true, message: 'Job removed from your saved jobs' })
    }),
  )
  return calls
}

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article')!)

test('Saved Jobs lists the saved jobs, marks a closed one, and forgets one with its toggle', async () => {
  const calls = answerSaved([job({ _id: 'j1', title: 'Backend Developer' }), job({ _id: 'j2', title: 'Closed Role', closedAt: CLOSED_AT })])
  signIn(applicant)
  const { user } = renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { level: 1, name: 'Saved Jobs' })).toBeVisible()
  const list = within(await screen.findByRole('list', { name: 'Saved jobs' }))
  expect(list.getAllByRole('article')).toHaveLength(2)
  expect(card('Closed Role').getByText('Closed')).toBeVisible()
  expect(card('Backend Developer').queryByText('Closed')).not.toBeInTheDocument()
  const toggle = card('Backend Developer').getByRole('button', { name: 'Saved Backend Developer' })
  expect(toggle).toHaveAttribute('aria-pressed', 'true')

  await user.click(toggle)
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Backend Developer' })).not.toBeInTheDocument())
  expect(calls).toEqual(['unsave j1'])
})

test('with nothing saved, Saved Jobs says how to save one and leads to the jobs', async () => {
  answerSaved([])
  signIn(applicant)
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByText('You have not saved any jobs yet. Save one from its card or its page to find it here.')).toBeVisible()
  expect(screen.getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/jobs')
})

test('Saved Jobs is for applicants: a recruiter finds no such page', async () => {
  signIn(recruiter)
  renderApp('/dashboard/saved-jobs')
  expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeVisible()
})

test('an applicant saves a job from its card on /jobs; a guest sees no Save', async () => {
  const calls = answerSaved([])
  server.use(
    http.get('/jobs/alljobs', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: [job({ _id: 'j7', title: 'Savable Role' })], total: 1, totalCapped: false, totalExact: true, page: 1, limit: 20 }),
    ),
  )
  signIn(applicant)
  const { user } = renderApp('/jobs')
  const save = await screen.findByRole('button', { name: 'Save Savable Role' })
  await waitFor(() => expect(save).toBeEnabled())
  expect(save).toHaveAttribute('aria-pressed', 'false')
  await user.click(save)
  expect(await screen.findByRole('button', { name: 'Saved Savable Role' })).toHaveAttribute('aria-pressed', 'true')
  expect(calls).toEqual(['save j7'])
})

test('a guest and a recruiter see no Save on the cards', async () => {
  server.use(
    http.get('/jobs/alljobs', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: [job({ _id: 'j7', title: 'Savable Role' })], total: 1, totalCapped: false, totalExact: true, page: 1, limit: 20 }),
    ),
  )
  renderApp('/jobs')
  await screen.findByRole('heading', { name: 'Savable Role' })
  expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument()
})

test('a refused save says why and leaves the toggle as it was', async () => {
  answerSaved([])
  server.use(
    http.put('/jobs/saved/{jobId}', ({ response }) =>
      response(400).json({ success: false, message: 'You can save at most 500 jobs; remove some first' }),
    ),
    http.get('/jobs/alljobs', ({ response }) =>
      response(200).json({ success: true, message: 'ok', data: [job({ _id: 'j7', title: 'Savable Role' })], total: 1, totalCapped: false, totalExact: true, page: 1, limit: 20 }),
    ),
  )
  signIn(applicant)
  const { user } = renderApp('/jobs')
  const save = await screen.findByRole('button', { name: 'Save Savable Role' })
  await waitFor(() => expect(save).toBeEnabled())
  await user.click(save)
  expect(await screen.findByText('You can save at most 500 jobs; remove some first')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save Savable Role' })).toHaveAttribute('aria-pressed', 'false'))
})
