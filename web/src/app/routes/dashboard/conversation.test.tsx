import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Message } from '@/features/messages/types'
import { applicant, application, job, message, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { eventStream, http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

/** The viewer's browser is in India: times read in IST. */
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => vi.restoreAllMocks())

/** A page of the server's answer: two messages here (the server's are 50), enough to test paging. */
const PAGE = 2

/**
 * Application a1's conversation as the server keeps it, newest first: reads page by page with
 * `before`, takes new messages (recorded), and counts what marks it read.
 */
function conversation(messages: Message[], { readOnly = false, unread = 0, me = 'applicant' as Message['from'] } = {}) {
  let stored = messages
  let unreadCount = unread
  const reads: (string | null)[] = []
  const sent: unknown[] = []
  let marks = 0
  server.use(
    http.get('/auth/applications/{applicationId}/messages', ({ request, response }) => {
      const before = new URL(request.url).searchParams.get('before')
      reads.push(before)
      const start = before ? stored.findIndex((each) => each._id === before) + 1 : 0
      const page = stored.slice(start, start + PAGE)
      return response(200).json({ success: true, message: 'Messages fetched successfully', messages: page, hasMore: start + PAGE < stored.length, unread: unreadCount, readOnly, me })
    }),
    http.post('/auth/applications/{applicationId}/messages', async ({ request, response }) => {
      const body = (await request.json()) as { body: string }
      sent.push(body)
      const data = message({ _id: `sent${sent.length}`, body: body.body.trim(), from: me, mine: true, createdAt: '2026-03-09T12:00:00Z' })
      stored = [data, ...stored]
      return response(201).json({ success: true, message: 'Message sent', data })
    }),
    http.put('/auth/applications/{applicationId}/messages/read', ({ response }) => {
      marks++
      unreadCount = 0
      return response(200).json({ success: true, message: 'Messages marked read', marked: 1 })
    }),
  )
  return {
    reads,
    sent,
    marks: () => marks,
    /** The other side writes. */
    arrive: (arrived: Message) => {
      stored = [arrived, ...stored]
      unreadCount++
    },
  }
}

const FROM_RECRUITER = message({ _id: 'm2', body: 'Thanks for applying.\nCan you talk on Monday?', from: 'recruiter', mine: false, sender: 'Priya, Acme', createdAt: '2026-03-08T11:00:00Z' })
const FROM_ME = message({ _id: 'm1', body: 'Hello, is the position still open?', readAt: '2026-03-08T10:30:00Z' })

function applicantWithApplications() {
  signIn(applicant)
  server.use(
    http.get('/auth/applications', ({ response }) => response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1' })] })),
  )
}

const dialog = (name: string | RegExp = /^Messages/) => within(screen.getByRole('dialog', { name }))
/** The dialog, once the page (loaded lazily) has opened it. */
const findDialog = async (name: string | RegExp = /^Messages/) => within(await screen.findByRole('dialog', { name }))

test(`"Messages" on an application opens its conversation: oldest first, the newest at the bottom, each as plain text with who wrote it (its sender, or "You") and when (in the viewer's time zone), and the own ones read or not`, async () => {
  const api = conversation([message({ _id: 'm3', body: '<b>x</b> & <script>alert(1)</script>', createdAt: '2026-03-08T12:00:00Z' }), FROM_RECRUITER, FROM_ME], { unread: 1 })
  applicantWithApplications()
  const { user, router } = renderApp('/dashboard/my-applications')
  const button = await screen.findByRole('button', { name: 'Messages about Backend Developer' })
  await user.click(button)
  const conversationDialog = await screen.findByRole('dialog', { name: 'Messages about Backend Developer' })
  expect(conversationDialog).toHaveAccessibleDescription('The newest messages are at the bottom.')
  expect(router.state.location.search).toBe('?conversation=a1')
  // Two pages of two: the newest two first.
  const list = await dialog().findByRole('list', { name: 'Messages, oldest first' })
  const items = within(list).getAllByRole('listitem')
  expect(items.map((item) => item.querySelector('p:nth-child(2)')?.textContent)).toEqual(['Thanks for applying.\nCan you talk on Monday?', '<b>x</b> & <script>alert(1)</script>'])
  expect(items[0]).toHaveTextContent('Priya, Acme, Sun, 8 Mar, 2026, 16:30 IST')
  expect(items[1]).toHaveTextContent('You, Sun, 8 Mar, 2026, 17:30 IST')
  expect(within(items[1]).getByText('Not read yet')).toBeVisible()
  // Shown as text, never as markup.
  expect(list.querySelector('b, script')).toBeNull()
  expect(within(items[0]).getByText(/Can you talk on Monday/)).toHaveClass('whitespace-pre-wrap')
  // Opening it marks it read; the focus is in the message box.
  await waitFor(() => expect(api.marks()).toBe(1))
  expect(dialog().getByRole('textbox', { name: 'Your message' })).toHaveFocus()

  // Load older: the page before the oldest shown, on top; the focus goes to the list once all are there.
  await user.click(dialog().getByRole('button', { name: 'Load older messages' }))
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
  expect(api.reads).toEqual([null, 'm2'])
  const oldest = within(list).getAllByRole('listitem')[0]
  expect(oldest).toHaveTextContent('Hello, is the position still open?')
  expect(within(oldest).getByText('Read')).toBeVisible()
  expect(within(oldest).getByText('Read')).toHaveAttribute('title', 'Read Sun, 8 Mar, 2026, 16:00 IST')
  expect(dialog().queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument()
  expect(list).toHaveFocus()

  // Closing takes the conversation out of the address, and the focus back to the button.
  await user.click(dialog().getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(router.state.location.search).toBe('')
  expect(button).toHaveFocus()
})

test('Send posts the message, shows it at the bottom as text, empties the box and keeps the focus there; Ctrl+Enter sends too', async () => {
  const api = conversation([FROM_RECRUITER])
  applicantWithApplications()
  const { user } = renderApp('/dashboard/my-applications?conversation=a1')
  const box = await (await findDialog()).findByRole('textbox', { name: 'Your message' })
  await dialog().findByText(/Can you talk on Monday/)
  await user.type(box, '  Yes, <b>x</b> works  ')
  await user.click(dialog().getByRole('button', { name: 'Send' }))
  expect(await screen.findByText('Message sent')).toBeInTheDocument()
  expect(api.sent).toEqual([{ body: 'Yes, <b>x</b> works' }])
  const items = () => within(dialog().getByRole('list', { name: 'Messages, oldest first' })).getAllByRole('listitem')
  await waitFor(() => expect(items()).toHaveLength(2))
  expect(items()[1]).toHaveTextContent('<b>x</b>')
  expect(items()[1].querySelector('b')).toBeNull()
  expect(box).toHaveValue('')
  expect(box).toHaveFocus()

  await user.type(box, 'Monday at ten?')
  await user.keyboard('{Control>}{Enter}{/Control}')
  await waitFor(() => expect(api.sent).toHaveLength(2))
  expect(api.sent[1]).toEqual({ body: 'Monday at ten?' })
  await user.type(box, 'And on a Mac')
  await user.keyboard('{Meta>}{Enter}{/Meta}')
  await waitFor(() => expect(api.sent).toHaveLength(3))
})

test('an empty message or one past 5000 characters is refused with the server\'s words, and nothing is sent', async () => {
  const api = conversation([])
  applicantWithApplications()
  const { user } = renderApp('/dashboard/my-applications?conversation=a1')
  const box = await (await findDialog()).findByRole('textbox', { name: 'Your message' })
  expect(await dialog().findByText('No messages yet. Write the first one below.')).toBeVisible()
  await user.type(box, '   ')
  await user.click(dialog().getByRole('button', { name: 'Send' }))
  expect(await dialog().findByText('Message is required')).toBeVisible()
  expect(box).toHaveAccessibleDescription(expect.stringContaining('Message is required'))
  fireEvent.change(box, { target: { value: 'x'.repeat(5001) } })
  await user.click(dialog().getByRole('button', { name: 'Send' }))
  expect(await dialog().findByText('Message must be at most 5000 characters')).toBeVisible()
  expect(dialog().getByText('5001 / 5000 characters.')).toBeVisible()
  expect(api.sent).toEqual([])
})

test("a deleted job's conversation is read-only: it says so and offers no message box", async () => {
  conversation([FROM_RECRUITER], { readOnly: true })
  applicantWithApplications()
  renderApp('/dashboard/my-applications?conversation=a1')
  expect(await (await findDialog()).findByText(/This job was deleted; its conversations are read-only\./)).toBeVisible()
  expect(dialog().getByText(/Can you talk on Monday/)).toBeVisible()
  expect(dialog().queryByRole('textbox')).not.toBeInTheDocument()
  expect(dialog().queryByRole('button', { name: 'Send' })).not.toBeInTheDocument()
})

test('the address ?conversation= opens the dialog at once on My Applications; closing it leaves the rest of the address', async () => {
  conversation([FROM_RECRUITER])
  applicantWithApplications()
  const { user, router } = renderApp('/dashboard/my-applications?conversation=a1&x=1')
  expect(await screen.findByRole('dialog', { name: 'Messages about Backend Developer' })).toBeVisible()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(router.state.location.search).toBe('?x=1')
  expect(router.state.location.pathname).toBe('/dashboard/my-applications')
})

test('a conversation that is not one\'s own says so in the dialog', async () => {
  server.use(http.get('/auth/applications/{applicationId}/messages', ({ response }) => response(404).json({ success: false, message: 'Application not found' })))
  applicantWithApplications()
  renderApp('/dashboard/my-applications?conversation=zz')
  expect(await (await findDialog('Messages')).findByText('Could not load the conversation: Application not found')).toBeVisible()
  expect(dialog('Messages').queryByRole('textbox')).not.toBeInTheDocument()
})

test('a reply arriving while the conversation is open shows at once (the stream says something changed), is read out politely and marked read', async () => {
  const stream = eventStream('event: unread\ndata: {"unread":0,"newest":null}\n\n')
  server.use(stream.handler)
  const api = conversation([FROM_ME])
  applicantWithApplications()
  renderApp('/dashboard/my-applications?conversation=a1')
  await (await findDialog()).findByText('Hello, is the position still open?')
  await waitFor(() => expect(api.marks()).toBe(1))
  await waitFor(() => expect(stream.connections()).toBe(1))
  const live = screen.getByRole('dialog').querySelector('[aria-live="polite"]')!
  expect(live).toHaveTextContent('')

  api.arrive(message({ _id: 'm9', body: 'Yes, it is. Monday?', from: 'recruiter', mine: false, sender: 'Priya, Acme', createdAt: '2026-03-09T09:00:00Z' }))
  act(() => stream.unread(1, 'n9'))
  expect(await dialog().findByText('Yes, it is. Monday?')).toBeVisible()
  await waitFor(() => expect(live).toHaveTextContent('New message from Priya, Acme: Yes, it is. Monday?'))
  await waitFor(() => expect(api.marks()).toBe(2))
})

/** The recruiter's view of job j1 with Ann Lee's application a1. */
function recruiterWithApplication() {
  signIn(recruiter)
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job() })),
    http.get('/auth/jobs/applications/{jobId}', ({ response }) =>
      response(200).json({ success: true, message: 'Applications fetched successfully', applications: [application({ _id: 'a1', stage: 'screening' })] }),
    ),
    http.get('/auth/applications/{applicationId}/notes', ({ response }) => response(200).json({ success: true, message: 'Notes fetched successfully', notes: [] })),
  )
}

const FROM_ANN = message({ _id: 'm1', body: 'Hello, is the position still open?', from: 'applicant', mine: false })

test("the recruiter opens the conversation from a board card, from the card's details (in their place), and from the list view", async () => {
  conversation([FROM_ANN], { me: 'recruiter' })
  recruiterWithApplication()
  const { user, router } = renderApp('/dashboard/job/applications/j1')
  await user.click(await screen.findByRole('button', { name: 'Messages with Ann Lee' }))
  expect(await dialog('Messages with Ann Lee').findByText('Hello, is the position still open?')).toBeVisible()
  expect(within(dialog('Messages with Ann Lee').getByRole('listitem')).getByText('Ann Lee')).toBeVisible()
  expect(router.state.location.search).toBe('?conversation=a1')
  await user.click(dialog('Messages with Ann Lee').getByRole('button', { name: 'Close' }))
  expect(router.state.location.search).toBe('')

  const details = screen.getByRole('button', { name: 'Details of Ann Lee' })
  await user.click(details)
  await user.click(within(await screen.findByRole('dialog', { name: 'Ann Lee' })).getByRole('button', { name: 'Messages with Ann Lee' }))
  expect(await screen.findByRole('dialog', { name: 'Messages with Ann Lee' })).toBeVisible()
  expect(screen.queryByRole('dialog', { name: 'Ann Lee' })).not.toBeInTheDocument()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(details).toHaveFocus()

  await user.click(screen.getByRole('button', { name: 'List' }))
  await screen.findByRole('list', { name: 'Applications' })
  await user.click(within(screen.getByRole('article', { name: 'Ann Lee' })).getByRole('button', { name: 'Messages with Ann Lee' }))
  expect(await screen.findByRole('dialog', { name: 'Messages with Ann Lee' })).toBeVisible()
  expect(router.state.location.search).toBe('?view=list&conversation=a1')
})

test('the address ?conversation= opens the dialog at once on a job\'s applications (the link of the bell and the e-mails)', async () => {
  const api = conversation([FROM_ANN], { me: 'recruiter', unread: 1 })
  recruiterWithApplication()
  const { user, router } = renderApp('/dashboard/job/applications/j1?conversation=a1')
  expect(await (await findDialog('Messages with Ann Lee')).findByText('Hello, is the position still open?')).toBeVisible()
  await waitFor(() => expect(api.marks()).toBe(1))
  await user.click(dialog().getByRole('button', { name: 'Close' }))
  expect(router.state.location.search).toBe('')
})

test("the recruiter sees who wrote each message: the applicant's name, a teammate's first name and company, and \"You\" for their own", async () => {
  conversation(
    [
      message({ _id: 'm3', body: 'Monday at ten works.', from: 'recruiter', mine: true, sender: 'Raj, Acme', createdAt: '2026-03-08T12:00:00Z' }),
      message({ _id: 'm2', body: 'Thanks, Ann. Can you talk on Monday?', from: 'recruiter', mine: false, sender: 'Priya, Acme', createdAt: '2026-03-08T11:00:00Z' }),
      FROM_ANN,
    ],
    { me: 'recruiter' },
  )
  recruiterWithApplication()
  const { user } = renderApp('/dashboard/job/applications/j1?conversation=a1')
  const list = await (await findDialog('Messages with Ann Lee')).findByRole('list', { name: 'Messages, oldest first' })
  await user.click(dialog().getByRole('button', { name: 'Load older messages' }))
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
  expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
    'Ann Lee, Sun, 8 Mar, 2026, 15:30 IST',
    'Priya, Acme, Sun, 8 Mar, 2026, 16:30 IST',
    'You, Sun, 8 Mar, 2026, 17:30 IST',
  ])
})
