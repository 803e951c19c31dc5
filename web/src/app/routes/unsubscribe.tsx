import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { resubscribe, unsubscribe } from '@/features/alerts/api/saved-searches'
import { errorMessage } from '@/lib/api-client'

type State =
  | { kind: 'working' }
  | { kind: 'stopped'; name: string }
  | { kind: 'undoing'; name: string }
  | { kind: 'on'; name: string }
  | { kind: 'failed'; message: string }

/**
 * The link in an alert e-mail: it stops that search's alerts at once, without a login, names the
 * search, and offers to undo it (docs/product.md#saved-searches).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams()
  const search = params.get('search') ?? ''
  const signature = params.get('signature') ?? ''
  const [state, setState] = useState<State>({ kind: 'working' })

  useEffect(() => {
    let current = true
    unsubscribe(search, signature)
      .then((answer) => current && setState({ kind: 'stopped', name: answer.name ?? '' }))
      .catch((error: unknown) => current && setState({ kind: 'failed', message: errorMessage(error, 'The alerts could not be stopped. Try again') }))
    return () => {
      current = false
    }
  }, [search, signature])

  const undo = (name: string) => {
    setState({ kind: 'undoing', name })
    resubscribe(search, signature)
      .then((answer) => setState({ kind: 'on', name: answer.name ?? name }))
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error, 'The alerts could not be turned on again. Try again') }))
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <title>Stop alerts | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Stop alerts</h1>
      <div role="status" className="mt-4">
        {state.kind === 'working' && <Spinner label="Stopping the alerts..." />}
        {(state.kind === 'stopped' || state.kind === 'undoing') && (
          <p className="text-gray-800">
            The alerts for <strong>{state.name}</strong> are stopped. You will get no more e-mails about it.
          </p>
        )}
        {state.kind === 'on' && (
          <p className="text-gray-800">
            The alerts for <strong>{state.name}</strong> are on again. New jobs that match it will be e-mailed to you.
          </p>
        )}
        {state.kind === 'failed' && <p className="text-red-700">{state.message}</p>}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {(state.kind === 'stopped' || state.kind === 'undoing') && (
          <Button variant="primary" onClick={() => undo(state.name)} disabled={state.kind === 'undoing'}>
            {state.kind === 'undoing' ? 'Turning the alerts on...' : 'Undo: keep these alerts'}
          </Button>
        )}
        <ButtonLink to="/dashboard/saved-searches" variant="secondary">
          Manage saved searches
        </ButtonLink>
      </div>
    </section>
  )
}
