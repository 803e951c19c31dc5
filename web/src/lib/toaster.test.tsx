import { act, render, screen, waitFor } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { AppToaster } from './toaster'

afterEach(() => vi.useRealTimers())

test('the toaster keeps at most 20 toasts, dismissing the oldest', async () => {
  render(<AppToaster />)
  act(() => {
    for (let i = 1; i <= 25; i++) toast(`Toast ${i}`)
  })
  await screen.findByText('Toast 25')
  await waitFor(() => expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20))
  expect(screen.queryByText('Toast 5')).not.toBeInTheDocument()
  expect(screen.getByText('Toast 6')).toBeInTheDocument()
})

/** Advances fake time and returns whether the toast is still in the page. */
function present(message: string, ms: number) {
  act(() => vi.advanceTimersByTime(ms))
  return screen.queryByText(message) !== null
}

test.each([
  ['success', 2000, () => toast.success('Note')],
  ['error', 4000, () => toast.error('Note')],
  ['blank', 4000, () => toast('Note')],
] as const)('a %s toast is dismissed after %i ms and removed 1000 ms later', (_type, duration, show) => {
  vi.useFakeTimers()
  render(<AppToaster />)
  act(() => {
    show()
  })
  expect(present('Note', duration - 1)).toBe(true)
  expect(present('Note', 1)).toBe(true)
  expect(present('Note', 999)).toBe(true)
  expect(present('Note', 1)).toBe(false)
})

test('a loading toast stays until dismissed', () => {
  vi.useFakeTimers()
  render(<AppToaster />)
  act(() => {
    toast.loading('Working')
  })
  expect(present('Working', 60_000)).toBe(true)
})

test('toasts are at most 350px wide', () => {
  render(<AppToaster />)
  act(() => {
    toast('Wide')
  })
  expect(screen.getByText('Wide').closest('[style*="max-width"]')).toHaveStyle({ maxWidth: '350px' })
})

test('toasts rise from the bottom of the screen, so none covers the header or a page\'s heading', async () => {
  render(<AppToaster />)
  act(() => {
    toast.success('Job Deleted')
  })
  const message = await screen.findByText('Job Deleted')
  // react-hot-toast places each toast in a wrapper pinned to the top or the bottom of its container.
  const wrapper = message.closest<HTMLElement>('div[style*="position: absolute"]')
  expect(wrapper?.style.bottom).toBe('0px')
  expect(wrapper?.style.top).toBe('')
})
