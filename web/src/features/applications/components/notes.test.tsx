import { screen, within } from '@testing-library/react'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { viewerIn } from '@/testing/time-zone'
import { Notes } from './notes'

afterEach(() => vi.restoreAllMocks())

test("each note says who wrote it and when, in the viewer's time zone", async () => {
  viewerIn('Asia/Kolkata')
  server.use(
    http.get('/auth/applications/{applicationId}/notes', ({ response }) =>
      response(200).json({
        success: true,
        message: 'Notes fetched successfully',
        notes: [
          { _id: 'n2', body: 'Strong answers', author: 'Raj Rao', createdAt: '2026-03-07T09:05:00Z' },
          // 19:00 UTC is already the next day in India.
          { _id: 'n1', body: 'Phone screen booked', author: 'Raj Rao', createdAt: '2026-03-05T19:00:00Z' },
        ],
      }),
    ),
  )
  renderApp('/', [{ path: '/', element: <Notes jobId="j1" applicationId="a1" /> }])
  const items = within(await screen.findByRole('list', { name: 'Notes' })).getAllByRole('listitem')
  expect(items.map((item) => item.querySelector('p:nth-child(2)')?.textContent)).toEqual(['Raj Rao, Sat, 7 Mar, 2026, 14:35 IST', 'Raj Rao, Fri, 6 Mar, 2026, 00:30 IST'])
})

test("the note box says how to tell a teammate, read with the field, and a note naming one shows the @Name as the plain text it is", async () => {
  server.use(
    http.get('/auth/applications/{applicationId}/notes', ({ response }) =>
      response(200).json({
        success: true,
        message: 'Notes fetched successfully',
        notes: [{ _id: 'n1', body: '@Priya Shah can you call her on Monday?', author: 'Raj Rao', createdAt: '2026-03-07T09:05:00Z' }],
      }),
    ),
  )
  renderApp('/', [{ path: '/', element: <Notes jobId="j1" applicationId="a1" /> }])
  const box = screen.getByRole('textbox', { name: 'New note' })
  const tip = screen.getByText(/Type @ and a teammate's name to tell them\./)
  expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(tip.id)
  expect(box).toHaveAccessibleDescription("0 / 2000 characters, private to the hiring team. Type @ and a teammate's name to tell them.")
  const note = within(await screen.findByRole('list', { name: 'Notes' })).getByRole('listitem')
  expect(within(note).getByText('@Priya Shah can you call her on Monday?')).toBeVisible()
  expect(within(note).queryByRole('link')).not.toBeInTheDocument()
})

test('a note naming a teammate is sent as written', async () => {
  const sent: unknown[] = []
  server.use(
    http.get('/auth/applications/{applicationId}/notes', ({ response }) => response(200).json({ success: true, message: 'Notes fetched successfully', notes: [] })),
    http.post('/auth/applications/{applicationId}/notes', async ({ request, response }) => {
      const body = (await request.json()) as { body: string }
      sent.push(body)
      return response(201).json({ success: true, message: 'Note added', note: { _id: 'n1', body: body.body, author: 'Raj Rao', createdAt: '2026-03-07T09:05:00Z' } })
    }),
  )
  const { user } = renderApp('/', [{ path: '/', element: <Notes jobId="j1" applicationId="a1" /> }])
  await user.type(screen.getByRole('textbox', { name: 'New note' }), '@Priya over to you')
  await user.click(screen.getByRole('button', { name: 'Add note' }))
  expect(await screen.findByText('Note added')).toBeInTheDocument()
  expect(sent).toEqual([{ body: '@Priya over to you' }])
})
