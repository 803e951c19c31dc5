import { act, render, screen } from '@testing-library/react'
import { SPLASH_MS_LANDING, SPLASH_MS_OTHER } from '@/lib/constants'
import { SplashGate } from './splash'

afterEach(() => {
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

const renderGate = () => render(<SplashGate><p>App content</p></SplashGate>)

test(`the splash shows for ${SPLASH_MS_LANDING} ms when the app starts on the landing page`, () => {
  vi.useFakeTimers()
  renderGate()
  expect(screen.queryByText('App content')).not.toBeInTheDocument()
  act(() => vi.advanceTimersByTime(SPLASH_MS_LANDING - 1))
  expect(screen.queryByText('App content')).not.toBeInTheDocument()
  act(() => vi.advanceTimersByTime(1))
  expect(screen.getByText('App content')).toBeInTheDocument()
})

test(`the splash shows for ${SPLASH_MS_OTHER} ms when the app starts on another route`, () => {
  vi.useFakeTimers()
  window.history.replaceState(null, '', '/jobs')
  renderGate()
  act(() => vi.advanceTimersByTime(SPLASH_MS_OTHER))
  expect(screen.getByText('App content')).toBeInTheDocument()
})

test('the splash shows only once per browser session', () => {
  sessionStorage.setItem('splashShown', '1')
  renderGate()
  expect(screen.getByText('App content')).toBeInTheDocument()
})
