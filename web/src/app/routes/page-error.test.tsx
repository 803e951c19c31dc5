import { act, screen } from '@testing-library/react'
import { RootLayout } from '@/app/layouts/root-layout'
import { page } from '@/lib/reload'
import { renderApp } from '@/testing/render'
import ErrorPage from './error'
import PageError from './page-error'

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/about-1a2b3c.js'))

function Broken(): never {
  throw new Error('boom')
}

const withScreen = (child: object) => [
  { path: '/', Component: RootLayout, ErrorBoundary: ErrorPage, children: [{ ErrorBoundary: PageError, children: [child] }] },
]

test("a screen whose code cannot be fetched says \"Couldn't load this page.\" inside the layout, reloads once by itself and offers Retry", async () => {
  const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  const { user } = renderApp('/about', withScreen({ path: 'about', lazy: missingChunk }))
  expect(await screen.findByRole('heading', { level: 1, name: "Couldn't load this page." })).toBeVisible()
  expect(screen.getByRole('banner')).toBeVisible()
  expect(screen.getByRole('contentinfo')).toBeVisible()
  expect(screen.queryByText('Unexpected Application Error')).not.toBeInTheDocument()
  // The screen's effects run after it is shown; on a busy machine, later than the screen appears.
  await act(async () => {})
  expect(reload).toHaveBeenCalledTimes(1) // a new deploy: the reload fetches the page naming the new chunks

  await user.click(screen.getByRole('button', { name: 'Retry' }))
  expect(reload).toHaveBeenCalledTimes(2)
  reload.mockRestore()
})

test('after reloading once for a missing chunk it does not reload again by itself (no loop)', async () => {
  sessionStorage.setItem('chunkReloadAt', String(Date.now()))
  const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  renderApp('/about', withScreen({ path: 'about', lazy: missingChunk }))
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible()
  await act(async () => {})
  expect(reload).not.toHaveBeenCalled()
  reload.mockRestore()
})

test('a screen that breaks shows "Unexpected Application Error" inside the layout', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  renderApp('/', withScreen({ index: true, Component: Broken }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeVisible()
  expect(screen.getByText('boom')).toBeVisible()
  expect(screen.getByRole('banner')).toBeVisible()
  log.mockRestore()
})

test('offline, a screen whose code cannot be fetched says "You appear to be offline. Try again." and does not reload into the browser\'s offline page', async () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  const { user } = renderApp('/about', withScreen({ path: 'about', lazy: missingChunk }))
  expect(await screen.findByRole('heading', { level: 1, name: "Couldn't load this page." })).toBeVisible()
  expect(screen.getByText('You appear to be offline. Try again.')).toBeVisible()
  await act(async () => {})
  expect(reload).not.toHaveBeenCalled()

  onLine.mockReturnValue(true)
  await user.click(screen.getByRole('button', { name: 'Retry' }))
  expect(reload).toHaveBeenCalledTimes(1)
  reload.mockRestore()
  onLine.mockRestore()
})
