import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { toast, Toaster } from 'react-hot-toast'
import { ApiError } from './api-client'
import { createQueryClient, type ErrorToast } from './query-client'

const failing = (message: string) => () => Promise.reject(new ApiError(message, 500))

function Failing({ id, errorToast }: { id: string; errorToast?: ErrorToast | false }) {
  useQuery({ queryKey: ['failing', id], queryFn: failing('Database unavailable'), meta: errorToast === undefined ? undefined : { errorToast } })
  return null
}

function renderWith(children: React.ReactNode) {
  const client = createQueryClient()
  render(
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>,
  )
  return client
}

afterEach(() => toast.remove())

test("a failed query says the server's message in one toast, by default", async () => {
  renderWith(<Failing id="a" />)
  expect(await screen.findByText('Database unavailable')).toBeInTheDocument()
})

test("a screen's errorToast names the toast and its words; two screens with one id make one toast", async () => {
  const errorToast: ErrorToast = { id: 'jobs', message: () => 'Could Not Fetch Jobs' }
  renderWith(
    <>
      <Failing id="b" errorToast={errorToast} />
      <Failing id="c" errorToast={errorToast} />
    </>,
  )
  expect(await screen.findByText('Could Not Fetch Jobs')).toBeInTheDocument()
  expect(screen.getAllByText('Could Not Fetch Jobs')).toHaveLength(1)
  expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument()
})

test('a query opts out with meta.errorToast false, or by a message of null', async () => {
  const client = renderWith(
    <>
      <Failing id="d" errorToast={false} />
      <Failing id="e" errorToast={{ id: 'e', message: () => null }} />
    </>,
  )
  await waitFor(() => expect(client.getQueryState(['failing', 'd'])?.status).toBe('error'))
  await waitFor(() => expect(client.getQueryState(['failing', 'e'])?.status).toBe('error'))
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument()
})
