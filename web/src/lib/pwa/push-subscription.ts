/**
 * This browser's push subscription (the Push API), for Settings' "Notifications on this device"
 * and for the end of a session. The server keeps the devices (docs/rules.md#push); the browser
 * keeps the subscription those devices are made of.
 */

/** Whether this browser can take pushes at all: a service worker, the Push API and notifications. */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/**
 * The service worker's registration where there is one already: none before the first one is
 * registered (and never during development, where the worker is not registered at all).
 */
async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return navigator.serviceWorker.getRegistration()
}

/** This browser's subscription, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  return (await currentRegistration())?.pushManager.getSubscription() ?? null
}

/** A base64url string (the server's key) as the bytes the Push API takes. */
export function base64UrlBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** How long subscribing waits for the service worker to be ready before it gives up. */
export const READY_WAIT_MS = 10_000

/** The service worker's registration once it is active; a rejection when none is within READY_WAIT_MS. */
function readyRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The service worker is not ready')), READY_WAIT_MS)
    navigator.serviceWorker.ready.then(
      (registration) => {
        clearTimeout(timer)
        resolve(registration)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error('The service worker is not ready'))
      },
    )
  })
}

/**
 * Subscribes this browser to the pushes signed with `publicKey` (the server's, base64url). A
 * subscription left from another key is replaced, since a browser keeps one per worker.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await readyRegistration()
  const options: PushSubscriptionOptionsInit = { userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }
  try {
    return await registration.pushManager.subscribe(options)
  } catch (error) {
    const old = await registration.pushManager.getSubscription()
    if (!old) throw error
    await old.unsubscribe()
    return registration.pushManager.subscribe(options)
  }
}

/**
 * Ends this browser's subscription, where it has one: at logout and at an account's deletion (the
 * server forgets the device itself), and once its device is turned off. Never throws, and does
 * nothing where the browser cannot take pushes.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  try {
    await (await browserSubscription())?.unsubscribe()
  } catch {
    // Nothing to undo: the push service forgets a subscription nobody sends to.
  }
}
