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
