import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppToaster } from '@/lib/toaster'
import { showUpdatePrompt, UpdatePrompt } from './update-prompt'

afterEach(() => vi.useRealTimers())

test('the prompt says a new version is here and offers Reload', () => {
  render(<UpdatePrompt onReload={() => {}} />)
  expect(screen.getByText('New version: reload')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled()
})

test('Reload reloads once, however often it is pressed', async () => {
  const onReload = vi.fn()
  render(<UpdatePrompt onReload={onReload} />)
  const button = screen.getByRole('button', { name: 'Reload' })
  await userEvent.click(button)
  await userEvent.click(button)
  expect(onReload).toHaveBeenCalledTimes(1)
  expect(button).toBeDisabled()
})

test('the prompt stays on screen until the person reloads', () => {
  vi.useFakeTimers()
  render(<AppToaster />)
  act(() => showUpdatePrompt(() => {}))
  act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000))
  expect(screen.getByText('New version: reload')).toBeInTheDocument()
})

test('a version found twice shows one prompt', () => {
  render(<AppToaster />)
  act(() => {
    showUpdatePrompt(() => {})
    showUpdatePrompt(() => {})
  })
  expect(screen.getAllByText('New version: reload')).toHaveLength(1)
})
