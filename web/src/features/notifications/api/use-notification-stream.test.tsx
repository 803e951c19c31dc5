import { act, screen, waitFor, within } from '@testing-library/react'
import { applicant, application, movedTo, notification } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { eventStream, http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import type { Notification } from '../types'
import { notificationsQueryOptions } from './notifications'

/** The applicant's application and notifications as the server keeps them, and its stream. */
function serve() {
  const stream = eventStream()
  const state = { applications: [application({ _id: 'a1' })], notifications: [] as Notification[] }
  server.use(
    stream.handler,
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched', applications: state.applications })),
    http.get('/auth/notifications', ({ response }) =>
      response(200).json({ success: true, message: 'Notifications fetched successfully', notifications: state.notifications, unread: state.notifications.length }),
    ),
  )
  return { stream, state }
}

/** My Applications with the stream open; the card of the one application. */
async function openMyApplications() {
  signIn(applicant)
  const view = renderApp('/dashboard/my-applications')
  const card = within((await screen.findByRole('link', { name: 'Backend Developer' })).closest('article')!)
  return { ...view, card }
}

/** The recruiter moved the application to `stage`: the server's list says so, and the applicant's bell has the notification. */
function moved(state: ReturnType<typeof serve>['state'], stage: 'interview' | 'offer', words: string) {
  state.applications = [movedTo(state.applications[0], stage)]
  state.notifications = [notification({ _id: 'n1', kind: 'stageChange', text: `Your application for Backend Developer at Acme: ${words}`, link: '/dashboard/my-applications' })]
}

test("a stage change told by the stream refetches the applicant's applications: My Applications shows the new stage without a reload", async () => {
  const { stream, state } = serve()
  const { card } = await openMyApplications()
  expect(card.getByText('Applied')).toBeVisible()
  await waitFor(() => expect(stream.connections()).toBe(1))

  moved(state, 'interview', 'Interview stage')
  act(() => stream.unread(1, 'n1'))
  expect(await card.findByText('Interview stage')).toBeVisible()
  expect(card.queryByText('Applied')).not.toBeInTheDocument()
})

test('a new notification the bell had already fetched (its list refetched meanwhile) still refetches what its kind changed', async () => {
  const { stream, state } = serve()
  const { card, queryClient } = await openMyApplications()
  await waitFor(() => expect(stream.connections()).toBe(1))

  moved(state, 'offer', 'Offer stage')
  const { queryKey } = notificationsQueryOptions(applicant._id)
  await act(() => queryClient.invalidateQueries({ queryKey }))
  expect(queryClient.getQueryData(queryKey)?.notifications.map((each) => each._id)).toEqual(['n1'])
  expect(card.getByText('Applied')).toBeVisible()
  act(() => stream.unread(1, 'n1'))
  expect(await card.findByText('Offer stage')).toBeVisible()
})
