import { eventTypeValues, type components } from '@/lib/api-types'

type Schemas = components['schemas']

/** One of the company's webhook endpoints as its settings list it; its signing secret is shown only when made or rotated. */
export type WebhookEndpoint = Schemas['WebhookEndpoint']

/** One event's delivery to one endpoint, as the delivery log shows it; its `_id` is the `webhook-id` it was sent with. */
export type WebhookDelivery = Schemas['WebhookDelivery']

/** What happened: the events an endpoint may take (docs/product.md#webhooks-settings). */
export type EventType = Schemas['EventType']

/** Where a delivery stands. */
export type DeliveryState = Schemas['DeliveryState']

/** POST /company/webhooks: where deliveries go, what it is, and the events it takes (at least one). */
export type NewEndpoint = { url: string; description: string; events: EventType[] }

/** PUT /company/webhooks/{endpointId}: what changes; `enabled` turns it off (false) or on again (true). */
export type EndpointChange = Partial<NewEndpoint> & { enabled?: boolean }

/** The events in the order the server keeps and the company screen shows them. */
export const EVENT_TYPES: readonly EventType[] = eventTypeValues

/** What each event says happened, in the words beside its checkbox. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'application.created': 'Someone applied to a job',
  'application.withdrawn': 'An applicant withdrew',
  'application.stage_changed': 'An application moved to another stage',
  'interview.booked': 'An interview was booked',
  'interview.cancelled': 'An interview was cancelled',
  'message.received': 'An applicant sent a message',
  'job.published': 'A job was posted',
  'job.closed': 'A job stopped taking applications',
  'job.deleted': 'A job was deleted',
}

/** Each state as the delivery log names it. */
export const DELIVERY_STATE_NAMES: Record<DeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
}

/** The deliveries the log asks for at a time (the server's default); a page this full may have older ones after it. */
export const DELIVERY_PAGE = 50
