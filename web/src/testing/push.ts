import type { Schemas } from '@/lib/api-client'
import { http, server } from './server'

type PushDevice = Schemas['PushDevice']

/** The server's key, base64url (an uncompressed P-256 point: 65 bytes, the first 4). */
export const PUSH_KEY = `BA${'A'.repeat(85)}`

export const ENDPOINT = 'https://push.example.com/send/this-browser'

/** A device as the server lists it. */
export const device = (overrides: Partial<PushDevice> = {}): PushDevice => ({
  _id: 'd-this',
  label: 'Chrome on Android',
  endpoint: ENDPOINT,
  kinds: ['message', 'interview', 'stageChange', 'newJobs'],
  createdAt: '2026-03-01T10:00:00Z',
  lastSentAt: null,
  ...overrides,
})

export type FakeSubscription = {
  endpoint: string
  toJSON: () => PushSubscriptionJSON
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>
}

/**
 * A browser that can take pushes, as the tests drive it: Notification with its permission (and
 * what the person answers when asked), PushManager, and navigator.serviceWorker whose registration
 * holds `subscribed` (a subscription to `endpoint`) or none. unstubPushBrowser takes it away.
 */
export function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  endpoint = ENDPOINT,
}: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean; endpoint?: string } = {}) {
  let current: FakeSubscription | null = null
  const make = (): FakeSubscription => {
    const subscription: FakeSubscription = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'AuthSecret' } }),
      unsubscribe: vi.fn(async () => {
        if (current === subscription) current = null
        return true
      }),
    }
    return subscription
  }
  if (subscribed) current = make()
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current ??= make())),
  }
  const registration = { pushManager }
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer
    return answer
  })
  class FakeNotification {
    static permission: NotificationPermission = permission
    static requestPermission = requestPermission
  }
  vi.stubGlobal('Notification', FakeNotification)
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  })
  return { pushManager, requestPermission, subscription: () => current }
}

export function unstubPushBrowser() {
  vi.unstubAllGlobals()
  delete (navigator as { serviceWorker?: unknown }).serviceWorker
}

/** The server's devices of the signed-in person, kept as the calls change them; each call's body is kept too. */
export function answerDevices(initial: PushDevice[] = []) {
  let devices = [...initial]
  const seen = { posted: [] as unknown[], put: [] as Array<{ deviceId: string; body: unknown }>, deleted: [] as string[], keyAsked: 0 }
  server.use(
    http.get('/push/key', ({ response }) => {
      seen.keyAsked++
      return response(200).json({ success: true, message: 'Push key fetched successfully', publicKey: PUSH_KEY })
    }),
    http.get('/auth/push/devices', ({ response }) => response(200).json({ success: true, message: 'Devices fetched successfully', devices })),
    http.post('/auth/push/devices', async ({ request, response }) => {
      const body = (await request.json()) as Schemas['SubscribeRequest']
      seen.posted.push(body)
      const added = device({ _id: 'd-new', endpoint: body.endpoint ?? '', label: body.label ?? 'This device', kinds: (body.kinds ?? []) as PushDevice['kinds'], createdAt: '2026-03-08T09:00:00Z' }) // fixed date: shown as written, never compared with today
      devices = [added, ...devices.filter((each) => each.endpoint !== added.endpoint)]
      return response(201).json({ success: true, message: 'Notifications turned on for this device', device: added })
    }),
    http.put('/auth/push/devices/{deviceId}', async ({ params, request, response }) => {
      const body = (await request.json()) as Schemas['UpdateSubscriptionRequest']
      const deviceId = String(params.deviceId)
      seen.put.push({ deviceId, body })
      const found = devices.find((each) => each._id === deviceId)
      if (!found) return response(404).json({ success: false, message: 'Device not found' })
      const changed = { ...found, ...(body.kinds ? { kinds: body.kinds as PushDevice['kinds'] } : {}), ...(body.label ? { label: body.label } : {}) }
      devices = devices.map((each) => (each._id === deviceId ? changed : each))
      return response(200).json({ success: true, message: 'Notification settings saved', device: changed })
    }),
    http.delete('/auth/push/devices/{deviceId}', ({ params, response }) => {
      const deviceId = String(params.deviceId)
      seen.deleted.push(deviceId)
      if (!devices.some((each) => each._id === deviceId)) return response(404).json({ success: false, message: 'Device not found' })
      devices = devices.filter((each) => each._id !== deviceId)
      return response(200).json({ success: true, message: 'Notifications turned off for this device' })
    }),
  )
  return seen
}
