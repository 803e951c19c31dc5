import { QueryClientProvider, useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast, Toaster } from 'react-hot-toast'
import { goOffline, goOnline, setOnline } from '@/testing/connection'
import { ApiError, errorMessage, FALLBACK_MESSAGE, OFFLINE_MESSAGE } from './api-client'
import { createQueryClient, OFFLINE_WRITE, OfflineWriteError, type ErrorToast, type MutationErrorToast } from './query-client'

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

/** A change that fails with `error`, asked with `variables` when its button is pressed. */
function Change({ label = 'Change', error, variables = 'draft', errorToast }: { label?: string; error: Error; variables?: string; errorToast?: MutationErrorToast<string> | false }) {
  const change = useMutation({ mutationFn: (_variables: string) => Promise.reject(error), meta: errorToast === undefined ? undefined : { errorToast } })
  return (
    <button type="button" onClick={() => change.mutate(variables)}>
      {label}
    </button>
  )
}

/** Resolves once every mutation `client` ran has failed. */
const allFailed = (client: QueryClient, count: number) =>
  waitFor(() => {
    const states = client.getMutationCache().getAll().map((mutation) => mutation.state.status)
    expect(states).toEqual(Array<string>(count).fill('error'))
  })

test("a failed mutation says the server's message in a toast, by default", async () => {
  renderWith(<Change error={new ApiError('Job is closed', 409)} />)
  await userEvent.click(screen.getByRole('button', { name: 'Change' }))
  expect(await screen.findByText('Job is closed')).toBeInTheDocument()
})

test('a failed mutation the server gave no words for says "Internal Server Error"', async () => {
  renderWith(
    <>
      <Change label="Unreachable" error={new TypeError('Failed to fetch')} />
      <Change label="Wordless" error={new ApiError(FALLBACK_MESSAGE, 500)} />
    </>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Unreachable' }))
  await userEvent.click(screen.getByRole('button', { name: 'Wordless' }))
  await waitFor(() => expect(screen.getAllByText('Internal Server Error')).toHaveLength(2))
  expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument()
})

test('without a toast id, each failure of a mutation has a toast of its own', async () => {
  const client = renderWith(<Change error={new ApiError('Job is closed', 409)} />)
  await userEvent.click(screen.getByRole('button', { name: 'Change' }))
  await userEvent.click(screen.getByRole('button', { name: 'Change' }))
  await allFailed(client, 2)
  await waitFor(() => expect(screen.getAllByText('Job is closed')).toHaveLength(2))
})

test("a mutation's errorToast gives its words, from the error and what it was asked with, and its toast id: a second failure replaces the first's toast", async () => {
  const errorToast: MutationErrorToast<string> = { id: 'rating', message: (error, variables) => `Could not save ${variables}: ${error.message}` }
  const client = renderWith(<Change error={new ApiError('Application is withdrawn', 409)} variables="the rating" errorToast={errorToast} />)
  await userEvent.click(screen.getByRole('button', { name: 'Change' }))
  await userEvent.click(screen.getByRole('button', { name: 'Change' }))
  await allFailed(client, 2)
  expect(await screen.findByText('Could not save the rating: Application is withdrawn')).toBeInTheDocument()
  expect(screen.getAllByText('Could not save the rating: Application is withdrawn')).toHaveLength(1)
  expect(screen.queryByText('Application is withdrawn')).not.toBeInTheDocument()
})

test('a mutation opts out of the toast with meta.errorToast false, or by a message of null', async () => {
  const client = renderWith(
    <>
      <Change label="In place" error={new ApiError('Category already exists', 400)} errorToast={false} />
      <Change label="Silent" error={new ApiError('Category already exists', 400)} errorToast={{ message: () => null }} />
    </>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'In place' }))
  await userEvent.click(screen.getByRole('button', { name: 'Silent' }))
  await allFailed(client, 2)
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  expect(screen.queryByText('Category already exists')).not.toBeInTheDocument()
})

describe('offline', () => {
  test('offline, a mutation is refused at once with the offline toast, whatever its own words, and its call never runs', async () => {
    const call = vi.fn(() => Promise.resolve('sent'))
    const optimistic = vi.fn()
    function Send() {
      const send = useMutation({ mutationFn: call, onMutate: optimistic, meta: { errorToast: { id: 'send', message: () => 'Could not send the message' } } })
      return (
        <button type="button" onClick={() => send.mutate()}>
          Send
        </button>
      )
    }
    const client = renderWith(<Send />)
    goOffline()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await allFailed(client, 1)
    expect(await screen.findByText(OFFLINE_WRITE)).toBeInTheDocument()
    expect(OFFLINE_WRITE).toBe('You are offline: this was not sent. Try again when you are back online.')
    expect(screen.queryByText('Could not send the message')).not.toBeInTheDocument()
    expect(call).not.toHaveBeenCalled()
    expect(optimistic).not.toHaveBeenCalled()
    expect(client.getMutationCache().getAll()[0].state.error).toBeInstanceOf(OfflineWriteError)
  })

  test('offline, a mutation whose screen says its failures in place has no toast, and its error carries the offline words', async () => {
    const client = renderWith(<Change error={new ApiError('never asked', 500)} errorToast={false} />)
    goOffline()
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await allFailed(client, 1)
    expect(errorMessage(client.getMutationCache().getAll()[0].state.error, FALLBACK_MESSAGE)).toBe(OFFLINE_WRITE)
    expect(screen.queryByText(OFFLINE_WRITE)).not.toBeInTheDocument()
  })

  test('offline, a query keeps the data it has and waits, without an error or a toast; back online it fetches again', async () => {
    let answer = 'first'
    const fetches = vi.fn(() => Promise.resolve(answer))
    function Shown() {
      const { data, isError, fetchStatus } = useQuery({ queryKey: ['shown'], queryFn: fetches, staleTime: 0 })
      return <p>{`${data ?? 'none'} ${isError ? 'error' : 'fine'} ${fetchStatus}`}</p>
    }
    const client = renderWith(<Shown />)
    expect(await screen.findByText('first fine idle')).toBeInTheDocument()
    goOffline()
    answer = 'second'
    await act(() => client.refetchQueries({ queryKey: ['shown'] }))
    expect(await screen.findByText('first fine paused')).toBeInTheDocument()
    expect(fetches).toHaveBeenCalledTimes(1)
    goOnline()
    expect(await screen.findByText('second fine idle')).toBeInTheDocument()
  })

  test('a call that could not reach the server while the browser is offline waits for the connection instead of failing', async () => {
    let calls = 0
    const fetches = () => (++calls === 1 ? (setOnline(false), Promise.reject(new ApiError(OFFLINE_MESSAGE, 0))) : Promise.resolve('arrived'))
    function Shown() {
      const { data, isError, fetchStatus } = useQuery({ queryKey: ['dropped'], queryFn: fetches })
      return <p>{`${data ?? 'none'} ${isError ? 'error' : 'fine'} ${fetchStatus}`}</p>
    }
    renderWith(<Shown />)
    expect(await screen.findByText('none fine paused')).toBeInTheDocument()
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument()
    goOnline()
    expect(await screen.findByText('arrived fine idle')).toBeInTheDocument()
    expect(calls).toBe(2)
  })
})
