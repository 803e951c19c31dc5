import { act, screen, waitFor, within } from '@testing-library/react'
import type { Notification } from '@/features/notifications/types'
import { admin, applicant, notification, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { eventStream, http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

/** The viewer's browser is in India: times read in IST. */
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => vi.restoreAllMocks())

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

const NOTIFICATIONS = [
  notification({ _id: 'n2', text: 'Raj Rao sent you a message about Backend Developer', link: '/dashboard/my-applications?conversation=a1', createdAt: minutesAgo(5) }),
  notification({ _id: 'n1', kind: 'stageChange', text: 'Your application for Backend Developer moved to Screening stage', link: '/dashboard/my-applications', readAt: '2026-03-08T09:00:00Z', createdAt: '2026-03-07T10:00:00Z' }),
]

/** The server's notifications, changed by the marks the page sends (each recorded). */
function answer(notifications: Notification[] = NOTIFICATIONS, unread = notifications.filter((each) => !each.readAt).length) {
  let current = notifications
  let count = unread
  const marked: string[] = []
  server.use(
    http.get('/auth/notifications', ({ response }) => response(200).json({ success: true, message: 'Notifications fetched successfully', notifications: current, unread: count })),
    http.put('/auth/notifications/read', ({ response }) => {
      marked.push('all')
      current = current.map((each) => ({ ...each, readAt: each.readAt ?? '2026-03-09T10:00:00Z' }))
      count = 0
      return response(200).json({ success: true, message: 'Notifications marked read', marked: 1 })
    }),
    http.put('/auth/notifications/{notificationId}/read', ({ request, response }) => {
      const id = new URL(request.url).pathname.split('/').at(-2)!
      marked.push(id)
      current = current.map((each) => (each._id === id ? { ...each, readAt: '2026-03-09T10:00:00Z' } : each))
      count = current.filter((each) => !each.readAt).length
      return response(200).json({ success: true, message: 'Notification marked read', marked: 1 })
    }),
  )
  return {
    marked,
    /** A notification arriving on the server. */
    add: (added: Notification) => {
      current = [added, ...current]
      count++
    },
  }
}

const bell = (name: string | RegExp = /^Notifications/) => within(screen.getByRole('banner')).getByRole('button', { name })

test("the bell says how many are unread, in its name and its badge, and lists the notifications with the unread ones marked in words and when they came in the viewer's time zone", async () => {
  answer()
  signIn(applicant)
  const { user } = renderApp('/about')
  const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  expect(button).toHaveTextContent('1')
  expect(button).toHaveAttribute('aria-expanded', 'false')
  await user.click(button)
  expect(button).toHaveAttribute('aria-expanded', 'true')
  const panel = within(screen.getByRole('region', { name: 'Notifications' }))
  const items = panel.getAllByRole('link')
  expect(items).toHaveLength(2)
  expect(items[0]).toHaveAccessibleName('Unread Raj Rao sent you a message about Backend Developer, 5 minutes ago')
  expect(items[0]).toHaveAttribute('href', '/dashboard/my-applications?conversation=a1')
  expect(items[1]).toHaveAccessibleName('Your application for Backend Developer moved to Screening stage, Sat, 7 Mar, 2026, 15:30 IST')
  expect(within(items[1]).queryByText('Unread')).not.toBeInTheDocument()
  const week = within(items[1]).getByText('Sat, 7 Mar, 2026, 15:30 IST')
  expect(week).toHaveAttribute('dateTime', '2026-03-07T10:00:00Z')
  expect(week).toHaveAttribute('title', 'Sat, 7 Mar, 2026, 15:30 IST')
})

test("a recruiter's mention in a note shows like any other notification, leading to the job's applications", async () => {
  answer([
    notification({
      _id: 'n3',
      kind: 'mention',
      text: "Priya Shah mentioned you in a note on Ann Lee's application",
      link: '/dashboard/job/applications/j1',
      createdAt: minutesAgo(2),
    }),
  ])
  signIn(recruiter)
  const { user } = renderApp('/about')
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
  const item = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link')
  expect(item).toHaveAccessibleName("Unread Priya Shah mentioned you in a note on Ann Lee's application, 2 minutes ago")
  expect(item).toHaveAttribute('href', '/dashboard/job/applications/j1')
})

test('a count past 99 shows "99+"', async () => {
  answer(NOTIFICATIONS, 100)
  signIn(recruiter)
  renderApp('/about')
  const button = await screen.findByRole('button', { name: 'Notifications, more than 99 unread' })
  expect(button).toHaveTextContent('99+')
})

test('"Mark all as read" marks them all, here and on the server, and says so', async () => {
  const stored = answer()
  signIn(applicant)
  const { user } = renderApp('/about')
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
  const panel = within(screen.getByRole('region', { name: 'Notifications' }))
  await user.click(panel.getByRole('button', { name: 'Mark all as read' }))
  expect(await screen.findByText('Notifications marked read')).toBeInTheDocument()
  expect(stored.marked).toEqual(['all'])
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'))
  expect(panel.queryByText('Unread')).not.toBeInTheDocument()
  expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveFocus()
})

test('following a notification marks it read, closes the panel and goes where it leads', async () => {
  const stored = answer()
  signIn(applicant)
  server.use(
    http.get('/auth/applications/{applicationId}/messages', ({ response }) =>
      response(200).json({ success: true, message: 'Messages fetched successfully', messages: [], hasMore: false, unread: 0, readOnly: false, me: 'applicant' }),
    ),
    http.put('/auth/applications/{applicationId}/messages/read', ({ response }) => response(200).json({ success: true, message: 'Messages marked read', marked: 0 })),
  )
  const { user, router } = renderApp('/about')
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
  await user.click(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link', { name: /Raj Rao sent you a message/ }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-applications'))
  expect(router.state.location.search).toBe('?conversation=a1')
  expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeVisible()
  expect(stored.marked).toEqual(['n2'])
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'))
  expect(bell()).toHaveAttribute('aria-expanded', 'false')
})

test('Escape closes the panel and puts the focus back on the bell; so does a click outside (without the focus)', async () => {
  answer()
  signIn(recruiter)
  const { user } = renderApp('/about')
  const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  await user.click(button)
  await user.tab()
  expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('button', { name: 'Mark all as read' })).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(button).toHaveAttribute('aria-expanded', 'false')
  expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument()
  expect(button).toHaveFocus()
  await user.click(button)
  await user.click(screen.getByRole('heading', { level: 1, name: 'About Us' }))
  expect(button).toHaveAttribute('aria-expanded', 'false')
})

test('the bell is there on a phone-width screen too, beside the menu button', async () => {
  window.innerWidth = 375
  answer()
  signIn(applicant)
  const { user } = renderApp('/about')
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveClass('fixed', 'inset-x-2', 'sm:absolute')
})

test('a new notification told by the stream shows on the bell at once, and the list is fetched again', async () => {
  const stream = eventStream('event: unread\ndata: {"unread":1,"newest":"n2"}\n\n')
  server.use(stream.handler)
  const notifications = answer()
  signIn(applicant)
  const { user } = renderApp('/about')
  await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  await waitFor(() => expect(stream.connections()).toBe(1))
  notifications.add(notification({ _id: 'n3', text: 'Your application for Backend Developer moved to Interview stage', link: '/dashboard/my-applications' }))
  act(() => stream.send('event: unread\ndata: {"unread":2,"newest":"n3"}\n\n'))
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'))
  await user.click(bell())
  expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('link', { name: /moved to Interview stage/ })).toBeVisible()
})

test('a stream the server ends is opened again', async () => {
  const stream = eventStream()
  server.use(stream.handler)
  answer([])
  signIn(applicant)
  renderApp('/about')
  await waitFor(() => expect(stream.connections()).toBe(1))
  act(() => stream.end())
  await waitFor(() => expect(stream.connections()).toBe(2), { timeout: 3_000 })
})

test('logging out ends the stream and takes the bell away', async () => {
  const stream = eventStream()
  server.use(stream.handler, http.post('/auth/logout', ({ response }) => response(200).json({ success: true, message: 'Logged out' })))
  answer()
  signIn(applicant)
  const { user } = renderApp('/about')
  await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  await waitFor(() => expect(stream.connections()).toBe(1))
  await user.click(screen.getByRole('button', { name: 'Account menu' }))
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Logout|Yes/ }))
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument())
  expect(stream.connections()).toBe(1)
})

test('an Admin has no bell', async () => {
  signIn(admin)
  renderApp('/about')
  await screen.findByRole('button', { name: 'Account menu' })
  expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
})

test('a guest has no bell', async () => {
  renderApp('/about')
  await screen.findByRole('heading', { level: 1, name: 'About Us' })
  expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
})
