import { screen } from '@testing-library/react'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'

const link = '/alerts/unsubscribe?search=s1&signature=abc'

test('the link stops the alerts at once and names the search', async () => {
  let asked: string | null = null
  server.use(http.post('/alerts/unsubscribe', ({ request, response }) => {
    asked = new URL(request.url).search
    return response(200).json({ success: true, message: 'The alerts for this search are stopped', name: 'Rust in Pune' })
  }))
  renderApp(link)
  expect(await screen.findByText(/are stopped\. You will get no more e-mails about it\./)).toHaveTextContent(
    'The alerts for Rust in Pune are stopped. You will get no more e-mails about it.',
  )
  expect(asked).toBe('?search=s1&signature=abc')
  expect(screen.getByRole('heading', { level: 1, name: 'Stop alerts' })).toBeVisible()
})

test('Undo turns the same search back on with the same link', async () => {
  let undone: string | null = null
  server.use(
    http.post('/alerts/unsubscribe', ({ response }) =>
      response(200).json({ success: true, message: 'The alerts for this search are stopped', name: 'Rust in Pune' })),
    http.post('/alerts/resubscribe', ({ request, response }) => {
      undone = new URL(request.url).search
      return response(200).json({ success: true, message: 'The alerts for this search are on again', name: 'Rust in Pune' })
    }),
  )
  const { user } = renderApp(link)
  await user.click(await screen.findByRole('button', { name: 'Undo: keep these alerts' }))
  expect(await screen.findByText(/are on again/)).toHaveTextContent(
    'The alerts for Rust in Pune are on again. New jobs that match it will be e-mailed to you.',
  )
  expect(undone).toBe('?search=s1&signature=abc')
  expect(screen.queryByRole('button', { name: 'Undo: keep these alerts' })).toBeNull()
})

test('a link the server did not sign says so, with no undo', async () => {
  server.use(http.post('/alerts/unsubscribe', ({ response }) =>
    response(400).json({ success: false, message: 'This unsubscribe link is invalid' })))
  renderApp(link)
  expect(await screen.findByText('This unsubscribe link is invalid')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Undo: keep these alerts' })).toBeNull()
})
