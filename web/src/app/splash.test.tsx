import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SPLASH_MS, SPLASH_SEEN_KEY } from '@/lib/constants'
import { SplashGate } from './splash'

const matchMedia = window.matchMedia

afterEach(() => {
  vi.useRealTimers()
  window.matchMedia = matchMedia
})

const renderGate = (onClick = () => {}) =>
  render(
    <SplashGate>
      <button type="button" onClick={onClick}>
        App content
      </button>
    </SplashGate>,
  )

/** The logo over the page: decoration, so it is found by its text alone. */
const splash = () => screen.queryByText('jobportal')?.parentElement ?? null

test('the app renders at once, with the splash over it for under 300 ms', () => {
  expect(SPLASH_MS).toBeLessThan(300)
  vi.useFakeTimers()
  renderGate()
  expect(screen.getByRole('button', { name: 'App content' })).toBeVisible()
  expect(splash()).toHaveAttribute('aria-hidden', 'true')
  act(() => vi.advanceTimersByTime(SPLASH_MS - 1))
  expect(splash()).toBeInTheDocument()
  act(() => vi.advanceTimersByTime(1))
  expect(splash()).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'App content' })).toBeVisible()
})

test('the splash takes no clicks: the page under it answers from the first moment', async () => {
  const clicked = vi.fn()
  renderGate(clicked)
  expect(splash()).toHaveStyle({ pointerEvents: 'none' })
  await userEvent.click(screen.getByRole('button', { name: 'App content' }))
  expect(clicked).toHaveBeenCalledOnce()
})

test('the splash shows only once per browser session', () => {
  sessionStorage.setItem(SPLASH_SEEN_KEY, '1')
  renderGate()
  expect(screen.getByRole('button', { name: 'App content' })).toBeVisible()
  expect(splash()).not.toBeInTheDocument()
})

test('with prefers-reduced-motion there is no splash at all', () => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' })
  renderGate()
  expect(screen.getByRole('button', { name: 'App content' })).toBeVisible()
  expect(splash()).not.toBeInTheDocument()
})
