import { screen } from '@testing-library/react'
import { RootLayout } from '@/app/layouts/root-layout'
import { renderApp } from '@/testing/render'
import ErrorPage from './error'

function Broken(): never {
  throw new Error('boom')
}

test('a screen that fails to render shows "Unexpected Application Error"', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  renderApp('/', [{ path: '/', Component: RootLayout, ErrorBoundary: ErrorPage, children: [{ index: true, Component: Broken }] }])
  expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeVisible()
  expect(screen.getByText('boom')).toBeVisible()
  log.mockRestore()
})
