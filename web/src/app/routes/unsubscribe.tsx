import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { unsubscribe } from '@/features/alerts/api/saved-searches'
import { errorMessage } from '@/lib/api-client'

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string }

/** The link in an alert e-mail: it stops that search's alerts at once, without a login. */
export default function UnsubscribePage() {
  const [params] = useSearchParams()
  const search = params.get('search') ?? ''
  const signature = params.get('signature') ?? ''
  const [state, setState] = useState<State>({ kind: 'working' })

  useEffect(() => {
    let current = true
    unsubscribe(search, signature)
      .then(() => current && setState({ kind: 'done' }))
      .catch((error: unknown) => current && setState({ kind: 'failed', message: errorMessage(error, 'The alerts could not be stopped. Try again') }))
    return () => {
      current = false
    }
  }, [search, signature])

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <title>Stop alerts | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Stop alerts</h1>
      <div role="status" className="mt-4">
        {state.kind === 'working' && <Spinner label="Stopping the alerts..." />}
        {state.kind === 'done' && <p className="text-gray-800">The alerts for this search are stopped. You will get no more e-mails about it.</p>}
        {state.kind === 'failed' && <p className="text-red-700">{state.message}</p>}
      </div>
      <ButtonLink to="/dashboard/saved-searches" variant="secondary" className="mt-6">
        Manage saved searches
      </ButtonLink>
    </section>
  )
}
