import type { Schemas } from '@/lib/api-client'
import { http, server } from './server'

type WebhookEndpoint = Schemas['WebhookEndpoint']
type WebhookDelivery = Schemas['WebhookDelivery']
type EventType = Schemas['EventType']

const DAY_MS = 24 * 60 * 60 * 1000

/** The signing secret the server gives a new endpoint in these tests, and the one a rotation gives. */
export const SIGNING_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
export const ROTATED_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD'

/** Why the server says an endpoint is off. */
export const TURNED_OFF = 'Turned off by a member of the company'
export const FAILED_FOR_A_DAY = 'Every delivery failed for a day'

/** Acme's HR system endpoint, on, taking two events (fixed dates: shown as written, never compared with today). */
export const webhookEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  _id: 'wh-hr',
  url: 'https://hooks.acme.example/jobportal',
  description: 'HR system',
  events: ['application.created', 'application.withdrawn'],
  createdAt: '2026-03-01T10:00:00Z',
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  ...overrides,
})

/** A delivery of an application.created event, delivered at the first attempt with a 200. */
export const webhookDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  _id: 'msg_2ZdRr1',
  eventType: 'application.created',
  createdAt: '2026-03-08T09:00:00Z',
  state: 'delivered',
  attempts: 1,
  lastAttemptAt: '2026-03-08T09:00:01Z',
  lastStatus: 200,
  lastError: null,
  nextAttemptAt: null,
  payload: {},
  ...overrides,
})

/** What the Webhooks section sent, in order. */
export type WebhookRequests = {
  fetched: number
  posted: unknown[]
  updated: { endpointId: string; body: unknown }[]
  deleted: string[]
  rotated: string[]
  /** Each page of a delivery log asked for: the endpoint, and the query as sent. */
  logs: { endpointId: string; query: Record<string, string> }[]
  redelivered: { endpointId: string; deliveryId: string }[]
}

/**
 * The server's webhook endpoints of Acme as a test drives it, kept as the calls change them, and
 * their delivery logs (`deliveries`, by endpoint, the newest first, paged by `limit` and `before`
 * as the server pages them). Each request is recorded.
 */
export function answerWebhooks(initial: WebhookEndpoint[] = [], { deliveries = {} as Record<string, WebhookDelivery[]> } = {}) {
  let endpoints = [...initial]
  const logs: Record<string, WebhookDelivery[]> = { ...deliveries }
  const seen: WebhookRequests = { fetched: 0, posted: [], updated: [], deleted: [], rotated: [], logs: [], redelivered: [] }
  const notFound = { success: false, message: 'Webhook endpoint not found' }
  server.use(
    http.get('/company/webhooks', ({ response }) => {
      seen.fetched++
      return response(200).json({ success: true, message: 'Webhook endpoints fetched successfully', endpoints })
    }),
    http.post('/company/webhooks', async ({ request, response }) => {
      const body = (await request.json()) as Schemas['CreateEndpointRequest']
      seen.posted.push(body)
      const made = webhookEndpoint({
        _id: `wh-new-${seen.posted.length}`,
        url: body.url ?? '',
        description: body.description ?? '',
        events: (body.events ?? []) as EventType[],
        createdAt: new Date().toISOString(),
      })
      endpoints = [...endpoints, made]
      return response(201).json({
        success: true,
        message: 'Webhook endpoint added: copy its signing secret now, it will not be shown again',
        endpoint: made,
        secret: SIGNING_SECRET,
      })
    }),
    http.put('/company/webhooks/{endpointId}', async ({ params, request, response }) => {
      const endpointId = String(params.endpointId)
      const body = (await request.json()) as Schemas['UpdateEndpointRequest']
      seen.updated.push({ endpointId, body })
      const held = endpoints.find((each) => each._id === endpointId)
      if (!held) return response(404).json(notFound)
      let changed: WebhookEndpoint = {
        ...held,
        url: body.url ?? held.url,
        description: body.description ?? held.description,
        events: body.events ? (body.events as EventType[]) : held.events,
      }
      if (body.enabled === false && !changed.disabledAt) changed = { ...changed, disabledAt: new Date().toISOString(), disabledReason: TURNED_OFF }
      if (body.enabled === true) changed = { ...changed, disabledAt: null, disabledReason: null, failingSince: null }
      endpoints = endpoints.map((each) => (each._id === endpointId ? changed : each))
      return response(200).json({ success: true, message: 'Webhook endpoint saved', endpoint: changed })
    }),
    http.delete('/company/webhooks/{endpointId}', ({ params, response }) => {
      const endpointId = String(params.endpointId)
      seen.deleted.push(endpointId)
      if (!endpoints.some((each) => each._id === endpointId)) return response(404).json(notFound)
      endpoints = endpoints.filter((each) => each._id !== endpointId)
      return response(200).json({ success: true, message: 'Webhook endpoint deleted' })
    }),
    http.post('/company/webhooks/{endpointId}/rotate', ({ params, response }) => {
      const endpointId = String(params.endpointId)
      seen.rotated.push(endpointId)
      const held = endpoints.find((each) => each._id === endpointId)
      if (!held) return response(404).json(notFound)
      const rotated = { ...held, previousSecretUntil: new Date(Date.now() + DAY_MS).toISOString() }
      endpoints = endpoints.map((each) => (each._id === endpointId ? rotated : each))
      return response(200).json({ success: true, message: 'Signing secret rotated: the old one stays valid for 24 hours', endpoint: rotated, secret: ROTATED_SECRET })
    }),
    http.get('/company/webhooks/{endpointId}/deliveries', ({ params, request, response }) => {
      const endpointId = String(params.endpointId)
      const query = Object.fromEntries(new URL(request.url).searchParams)
      seen.logs.push({ endpointId, query })
      if (!endpoints.some((each) => each._id === endpointId)) return response(404).json(notFound)
      const log = logs[endpointId] ?? []
      const from = query.before ? log.findIndex((each) => each._id === query.before) + 1 : 0
      const page = log.slice(from, from + Number(query.limit ?? 50))
      return response(200).json({ success: true, message: 'Deliveries fetched successfully', deliveries: page })
    }),
    http.post('/company/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver', ({ params, response }) => {
      const endpointId = String(params.endpointId)
      const deliveryId = String(params.deliveryId)
      seen.redelivered.push({ endpointId, deliveryId })
      const held = (logs[endpointId] ?? []).find((each) => each._id === deliveryId)
      if (!held) return response(404).json({ success: false, message: 'Delivery not found' })
      const queued: WebhookDelivery = { ...held, state: 'pending', attempts: 0, nextAttemptAt: new Date().toISOString() }
      logs[endpointId] = logs[endpointId].map((each) => (each._id === deliveryId ? queued : each))
      return response(200).json({ success: true, message: 'Delivery queued again', delivery: queued })
    }),
  )
  return seen
}
