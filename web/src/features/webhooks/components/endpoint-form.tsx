import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, type ReactNode } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { endpointSchema, MAX_DESCRIPTION, refusedField, type EndpointValues } from '../schemas'
import { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType, type NewEndpoint, type WebhookEndpoint } from '../types'

type Props = {
  /** The endpoint being edited; a new one without. */
  endpoint?: WebhookEndpoint
  /** What names the form: its heading (drawn above the fields), or a name for screen readers alone. */
  naming: { heading: string } | { label: string }
  submitLabel: string
  /**
   * Sends the endpoint, rejecting when the server refuses it: a refusal about a field (a URL that is
   * not public, say) is shown under that field, which takes the focus; any other is the caller's toast.
   */
  onSubmit: (values: NewEndpoint) => Promise<void>
  onCancel?: () => void
  /** The URL field takes the focus when the form is drawn. */
  focusUrl?: boolean
}

const EMPTY: EndpointValues = { url: '', description: '', events: [] }

/**
 * docs/product.md#webhooks-settings: an endpoint's URL, description and events, checked here with the
 * server's messages, the focus on the first wrong field. The same form adds one and edits one.
 */
export function EndpointForm({ endpoint, naming, submitLabel, onSubmit, onCancel, focusUrl = false }: Props) {
  const headingId = useId()
  const eventsHintId = useId()
  const eventsErrorId = useId()
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<EndpointValues>({
    resolver: zodResolver(endpointSchema),
    defaultValues: endpoint ? { url: endpoint.url, description: endpoint.description, events: [...endpoint.events] } : EMPTY,
  })

  useEffect(() => {
    if (focusUrl) setFocus('url')
  }, [focusUrl, setFocus])

  const submit = async ({ url, description, events }: EndpointValues) => {
    try {
      // Sent in the order the events are shown, whatever order they were ticked in.
      await onSubmit({ url, description, events: EVENT_TYPES.filter((event) => events.includes(event)) })
    } catch (error) {
      const field = refusedField(error)
      if (field && error instanceof Error) setError(field, { message: error.message }, { shouldFocus: true })
      // Any other refusal is the mutation's toast.
    }
  }

  const selectAll = () => setValue('events', [...EVENT_TYPES], { shouldValidate: isSubmitted, shouldDirty: true })

  const heading: ReactNode =
    'heading' in naming ? (
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {naming.heading}
      </h3>
    ) : null

  return (
    <form
      noValidate
      {...('heading' in naming ? { 'aria-labelledby': headingId } : { 'aria-label': naming.label })}
      onSubmit={handleSubmit(submit)}
      className="flex flex-col gap-4"
    >
      {heading}
      <FormField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint="An https:// address on the public internet; each event is posted to it."
        error={errors.url?.message}
        {...register('url')}
      />
      <FormField
        label="Description (optional)"
        autoComplete="off"
        hint={`What it is, e.g. "HR system" (at most ${MAX_DESCRIPTION} characters).`}
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset aria-describedby={errors.events ? `${eventsHintId} ${eventsErrorId}` : eventsHintId}>
        <legend className="font-medium text-gray-900">Events</legend>
        <p id={eventsHintId} className="mt-1 text-sm text-gray-700">
          Choose what is posted to this endpoint as it happens.
        </p>
        <Button variant="link" className="mt-2" onClick={selectAll}>
          Select all
        </Button>
        <ul className="mt-2 flex flex-col gap-3">
          {EVENT_TYPES.map((event) => (
            <EventChoice key={event} event={event} field={register('events')} />
          ))}
        </ul>
        {errors.events && (
          <p id={eventsErrorId} className="mt-1 text-sm text-red-700">
            {errors.events.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="neutral" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

/** An event's checkbox, named by what happened and described by the event's name as deliveries carry it. */
function EventChoice({ event, field }: { event: EventType; field: UseFormRegisterReturn<'events'> }) {
  const codeId = useId()
  return (
    <li>
      <label className="flex items-center gap-3 text-gray-900">
        <input type="checkbox" value={event} aria-describedby={codeId} className="h-5 w-5 rounded border-gray-500 accent-blue-700" {...field} />
        <span>{EVENT_DESCRIPTIONS[event]}</span>
      </label>
      <p id={codeId} className="ml-8 font-mono text-sm text-gray-700">
        {event}
      </p>
    </li>
  )
}
