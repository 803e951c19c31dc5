import { useId, useRef } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useDeliveries, useRedeliver } from '../api/webhooks'
import { DELIVERY_STATE_NAMES, type WebhookDelivery, type WebhookEndpoint } from '../types'

const cell = 'border-b border-gray-200 px-3 py-2 text-left align-top'

export const NO_DELIVERIES = 'Nothing has been sent to this endpoint in the last 30 days.'

/** What a cell without a value says: a dash to the eye, "None" to a screen reader. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </>
  )
}

/** One delivery: its event, when it was made, its state (a pending one's next try), attempts, last answer and error, and Redeliver. */
function DeliveryRow({ delivery, onRedeliver }: { delivery: WebhookDelivery; onRedeliver: (delivery: WebhookDelivery) => void }) {
  const sent = formatZonedDateTime(delivery.createdAt)
  return (
    <tr>
      <th scope="row" className={`${cell} font-mono font-normal`}>
        {delivery.eventType}
      </th>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={delivery.createdAt}>{sent}</time>
      </td>
      <td className={cell}>
        <span className={delivery.state === 'failed' ? 'font-semibold text-red-700' : delivery.state === 'delivered' ? 'text-green-800' : ''}>
          {DELIVERY_STATE_NAMES[delivery.state]}
        </span>
        {delivery.state === 'pending' && delivery.nextAttemptAt && (
          <span className="block whitespace-nowrap text-gray-700">
            Next try <time dateTime={delivery.nextAttemptAt}>{formatZonedDateTime(delivery.nextAttemptAt)}</time>
          </span>
        )}
      </td>
      <td className={cell}>{delivery.attempts}</td>
      <td className={cell}>{delivery.lastStatus ?? 'No answer'}</td>
      <td className={`${cell} min-w-[12rem] break-words`}>{delivery.lastError || <None />}</td>
      <td className={cell}>
        {/* Not disabled while it is sent, so the focus stays on it. */}
        <Button variant="neutral" size="sm" aria-label={`Redeliver ${delivery.eventType} of ${sent}`} onClick={() => onRedeliver(delivery)}>
          Redeliver
        </Button>
      </td>
    </tr>
  )
}

/**
 * docs/product.md#webhooks-settings: an endpoint's delivery log, the newest first, a page at a time
 * ("Show older"), with Refresh and a Redeliver per delivery. A wide table scrolls sideways inside a
 * region the keyboard reaches.
 */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const captionId = useId()
  const tableRef = useRef<HTMLDivElement>(null)
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useDeliveries(endpoint._id)
  const again = useRedeliver(endpoint._id, { message: serverMessage('Could not send the delivery again') })
  const deliveries = data?.pages.flat() ?? []

  const redeliver = async (delivery: WebhookDelivery) => {
    if (again.isPending) return
    try {
      const { message } = await again.mutateAsync(delivery._id)
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  const showOlder = async () => {
    if (isFetchingNextPage) return
    const { hasNextPage: more } = await fetchNextPage()
    // The button is gone with the last page: the table, which has the older rows, takes the focus.
    if (!more) tableRef.current?.focus()
  }

  return (
    <div className="mt-4 rounded-md border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">Deliveries of the last 30 days, the newest first.</p>
        {/* Not disabled while it fetches, so the focus stays on it. */}
        <Button variant="neutral" size="sm" aria-label={`Refresh the delivery log of ${endpoint.url}`} onClick={() => !isFetching && void refetch()}>
          Refresh
        </Button>
      </div>
      {isPending ? (
        <Spinner label="Loading the delivery log..." />
      ) : !data ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load the delivery log')}
        </p>
      ) : deliveries.length === 0 ? (
        <p className="mt-2 text-gray-800">{NO_DELIVERIES}</p>
      ) : (
        <>
          {error && (
            <p role="alert" className="mt-2 text-red-700">
              {errorMessage(error, 'Could not load the delivery log')}
            </p>
          )}
          <div
            ref={tableRef}
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            className="relative mt-2 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <table className="w-full min-w-[48rem] border-collapse text-sm text-gray-800" aria-busy={isFetching}>
              <caption id={captionId} className="mb-2 break-all text-left font-medium text-gray-900">
                Delivery log of {endpoint.url}
              </caption>
              <thead>
                <tr>
                  {['Event', 'Sent', 'State', 'Attempts', 'Last answer', 'Error'].map((heading) => (
                    <th key={heading} scope="col" className={`${cell} border-gray-500 font-semibold text-gray-900`}>
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className={`${cell} border-gray-500`}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <DeliveryRow key={delivery._id} delivery={delivery} onRedeliver={(chosen) => void redeliver(chosen)} />
                ))}
              </tbody>
            </table>
          </div>
          {hasNextPage && (
            // Not disabled while it fetches, so the focus stays on it.
            <Button variant="neutral" size="sm" className="mt-3" aria-busy={isFetchingNextPage || undefined} onClick={() => void showOlder()}>
              Show older
            </Button>
          )}
        </>
      )}
    </div>
  )
}
