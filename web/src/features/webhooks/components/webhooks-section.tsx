import { useId, useRef, useState, type RefObject } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { OneTimeSecret } from '@/components/ui/one-time-secret'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useCreateEndpoint, useDeleteEndpoint, useEndpoints, useRotateSecret, useUpdateEndpoint } from '../api/webhooks'
import { refusedField } from '../schemas'
import type { NewEndpoint, WebhookEndpoint } from '../types'
import { DeliveryLog } from './delivery-log'
import { EndpointForm } from './endpoint-form'

export const EXPLANATION =
  "Other software can hear about your company's applications, interviews, messages and jobs as they happen: each event is posted to your endpoint, signed with its secret (Standard Webhooks)."
export const NO_ENDPOINTS = 'No webhook endpoints yet.'
export const COPIED = 'Signing secret copied'
export const NOT_COPIED = 'Could not copy the signing secret: select it and copy it yourself'

const subheadingClass = 'text-lg font-semibold text-gray-900'

/** A failure's toast, unless it is about one of the form's fields, which the form shows under it. */
const unlessAboutAField = (fallback: string) => (error: Error) => (refusedField(error) ? null : errorMessage(error, fallback))

/** "On", or "Off: {why}, since {date}". */
export function endpointStatus(endpoint: WebhookEndpoint): string {
  if (!endpoint.disabledAt) return 'On'
  const since = formatDate(endpoint.disabledAt)
  return endpoint.disabledReason ? `Off: ${endpoint.disabledReason}, since ${since}` : `Off since ${since}`
}

type RowProps = {
  endpoint: WebhookEndpoint
  /** When the list was drawn: a previous secret whose 24 hours have passed is not mentioned. */
  now: number
  onDelete: (endpoint: WebhookEndpoint) => void
}

/**
 * One endpoint: its URL, description, events, when it was added and its status, with Delivery log
 * (opens its log below), Rotate secret (asked first; the new secret is shown once, here), Turn off
 * or Turn on, Edit (the form below) and Delete. Each button names the endpoint to screen readers.
 */
function EndpointRow({ endpoint, now, onDelete }: RowProps) {
  const { _id, url } = endpoint
  const logId = useId()
  const formId = useId()
  const editRef = useRef<HTMLButtonElement>(null)
  const rotateRef = useRef<HTMLButtonElement>(null)
  const [logOpen, setLogOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const [askingRotate, setAskingRotate] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const update = useUpdateEndpoint({ message: unlessAboutAField('Could not save the endpoint') })
  const rotate = useRotateSecret({ message: serverMessage('Could not rotate the signing secret') })
  const on = !endpoint.disabledAt

  const turn = async () => {
    if (update.isPending) return
    try {
      const { message } = await update.mutateAsync({ endpointId: _id, change: { enabled: !on } })
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  const save = async (values: NewEndpoint) => {
    // A refusal rejects to the form, which shows it under its field (or leaves it to the toast).
    const { message } = await update.mutateAsync({ endpointId: _id, change: values })
    toast.success(message)
    setEditing(false)
    editRef.current?.focus()
  }

  const closeForm = () => {
    setEditing(false)
    editRef.current?.focus()
  }

  const confirmRotate = async () => {
    // The dialog closes first, giving the focus back to Rotate secret; the secret, once here, takes it.
    setAskingRotate(false)
    try {
      const answer = await rotate.mutateAsync(_id)
      toast.success(answer.message)
      setSecret(answer.secret)
    } catch {
      // The mutation's toast says it.
    }
  }

  const previousUntil = endpoint.previousSecretUntil && new Date(endpoint.previousSecretUntil).getTime() > now ? endpoint.previousSecretUntil : null

  return (
    <li className="py-4">
      <div className="min-w-0">
        <p className="break-all font-semibold text-gray-900">{url}</p>
        {endpoint.description && <p className="break-words text-gray-800">{endpoint.description}</p>}
        <p className="text-sm text-gray-800">Events: {endpoint.events.join(', ')}</p>
        <p className="flex flex-wrap gap-x-4 text-sm text-gray-700">
          <span>Added {formatDate(endpoint.createdAt)}</span>
          {previousUntil && <span>The previous secret also signs until {formatZonedDateTime(previousUntil)}</span>}
        </p>
        <p className="mt-1 text-gray-900">
          Status: <span className={on ? 'font-semibold text-green-800' : 'font-semibold text-gray-900'}>{endpointStatus(endpoint)}</span>
        </p>
        {on && endpoint.failingSince && <p className="font-semibold text-red-700">Failing since {formatDate(endpoint.failingSince)}</p>}
      </div>
      {/* Not disabled while a change is under way, so the focus stays where it is until the answer moves it. */}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Delivery log of ${url}`}
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
        >
          Delivery log
        </Button>
        <Button ref={rotateRef} variant="neutral" size="sm" aria-label={`Rotate secret of ${url}`} onClick={() => !rotate.isPending && setAskingRotate(true)}>
          Rotate secret
        </Button>
        <Button variant="neutral" size="sm" aria-label={`${on ? 'Turn off' : 'Turn on'} ${url}`} onClick={() => void turn()}>
          {on ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          ref={editRef}
          variant="neutral"
          size="sm"
          aria-label={`Edit ${url}`}
          aria-expanded={editing}
          aria-controls={formId}
          onClick={() => (editing ? closeForm() : setEditing(true))}
        >
          Edit
        </Button>
        <Button variant="danger-outline" size="sm" aria-label={`Delete ${url}`} onClick={() => onDelete(endpoint)}>
          Delete
        </Button>
      </div>
      <div className={secret ? 'mt-4' : undefined}>
        <OneTimeSecret
          shown={secret ? { label: `New signing secret for ${url}`, secret } : null}
          copied={COPIED}
          notCopied={NOT_COPIED}
          onDone={() => {
            setSecret(null)
            rotateRef.current?.focus()
          }}
        />
      </div>
      <div id={formId}>
        {editing && (
          <div className="mt-4 rounded-md border border-gray-200 p-4">
            <EndpointForm endpoint={endpoint} naming={{ label: `Edit ${url}` }} submitLabel="Save" onSubmit={save} onCancel={closeForm} focusUrl />
          </div>
        )}
      </div>
      <div id={logId}>{logOpen && <DeliveryLog endpoint={endpoint} />}</div>
      {askingRotate && (
        <ConfirmationModal
          title={`Rotate the secret of ${url}?`}
          text="A new signing secret is made and shown once. For 24 hours each delivery is signed with the old one too, so your software can move to the new one without missing any."
          confirmLabel="Rotate"
          cancelLabel="Cancel"
          onConfirm={() => void confirmRotate()}
          onCancel={() => setAskingRotate(false)}
        />
      )}
    </li>
  )
}

/**
 * The company's endpoints, the first added first; Delete asks first, then the row leaves and the
 * list's heading takes the focus its button had.
 */
function EndpointList({ endpoints, headingRef }: { endpoints: WebhookEndpoint[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const headingId = useId()
  const [now] = useState(() => Date.now())
  const remove = useDeleteEndpoint({ message: serverMessage('Could not delete the endpoint') })
  const [toDelete, setToDelete] = useState<WebhookEndpoint | null>(null)

  const confirmDelete = async () => {
    if (!toDelete) return
    const { _id } = toDelete
    setToDelete(null)
    try {
      const { message } = await remove.mutateAsync(_id)
      toast.success(message)
      headingRef.current?.focus()
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={`mt-4 ${subheadingClass}`}>
        Endpoints
      </h3>
      {endpoints.length === 0 ? (
        <p className="mt-2 text-gray-800">{NO_ENDPOINTS}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-gray-200">
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint._id} endpoint={endpoint} now={now} onDelete={(chosen) => !remove.isPending && setToDelete(chosen)} />
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmationModal
          title={`Delete ${toDelete.url}?`}
          text="Nothing more is posted to it, and its delivery log is deleted with it. This cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      )}
    </>
  )
}

/** The Add endpoint form, or the new endpoint's signing secret until Done; then the form again, its URL field focused. */
function AddEndpoint() {
  const create = useCreateEndpoint({ message: unlessAboutAField('Could not add the endpoint') })
  const [added, setAdded] = useState<{ url: string; secret: string } | null>(null)
  const [shownOnce, setShownOnce] = useState(false)

  const add = async (values: NewEndpoint) => {
    const { endpoint, secret } = await create.mutateAsync(values)
    setAdded({ url: endpoint.url, secret })
  }

  return (
    <div className="mt-6 border-t border-gray-200 pt-4">
      <OneTimeSecret
        shown={added && { label: `Signing secret for ${added.url}`, secret: added.secret }}
        copied={COPIED}
        notCopied={NOT_COPIED}
        onDone={() => {
          setAdded(null)
          setShownOnce(true)
        }}
      >
        <EndpointForm naming={{ heading: 'Add endpoint' }} submitLabel="Add endpoint" onSubmit={add} focusUrl={shownOnce} />
      </OneTimeSecret>
    </div>
  )
}

/**
 * docs/product.md#webhooks-settings: the company's webhook endpoints, for its owners and recruiters
 * (the screen shows it to no one else): each with its status, delivery log and changes, and the form
 * that adds one and shows its signing secret once.
 */
export function WebhooksSection() {
  const listHeading = useRef<HTMLHeadingElement>(null)
  const { data, error, isPending } = useEndpoints()
  return (
    <Panel title="Webhooks">
      <p className="mt-2 text-gray-700">{EXPLANATION}</p>
      {isPending ? (
        <Spinner label="Loading the webhook endpoints..." />
      ) : !data ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load the webhook endpoints')}
        </p>
      ) : (
        <>
          <EndpointList endpoints={data} headingRef={listHeading} />
          <AddEndpoint />
        </>
      )}
    </Panel>
  )
}
