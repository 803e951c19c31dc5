import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, logInAs, ok, postJob, signUp, type Posted, type Session } from './seed'

/**
 * On a phone, like an app: the site is installable; an applicant saves a job, goes offline and
 * still reads it and their applications (a write is refused with a clear word), comes back online,
 * turns notifications on in Settings, and a recruiter's message arrives as a push (sent by the
 * server to a real push test service, which decrypts it; then handed to the browser's service
 * worker) whose tap opens the conversation.
 */

test.use({ serviceWorkers: 'allow' })

const PASSWORD = 'pwa-journey-secret-1'
const PHONE = { width: 390, height: 844 }
const word = `heron${Date.now().toString(36)}`
let api: APIRequestContext
let recruiter: Session
let applicant: Session
let job: Posted
let application: string
let pushService: ChildProcess
let pushBase: string

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The push test service (web-push-testing): subscriptions as a push service hands them out, and what each received, decrypted. */
async function startPushService() {
  const port = await freePort()
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/web-push-testing/src/bin/server.js')
  pushService = spawn(process.execPath, [script, String(port)], { stdio: 'ignore' })
  pushBase = `http://localhost:${port}`
  await expect
    .poll(async () => (await fetch(`${pushBase}/status`, { method: 'POST' }).catch(() => null))?.status, { timeout: 15_000 })
    .toBe(200)
}

test.beforeAll(async ({ playwright }, testInfo) => {
  await startPushService()
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'pwa', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'pwa', PASSWORD)
  const { Engineering } = await categoryIds(api)
  job = await postJob(api, recruiter.token, { title: `Heron ${word} Engineer`, company: 'Heron Co', location: 'Kochi', jobType: 'Full-time', categoryName: Engineering })
  const applied = await ok<{ application: { _id: string } }>(
    await api.post(`/api/v1/jobs/apply/${job._id}`, { headers: { Authorization: `Bearer ${applicant.token}` }, data: { sop: 'I watch rivers for a living.' } }),
    201,
  )
  application = applied.application._id
})

test.afterAll(async () => {
  await deleteJob(api, recruiter.token, job)
  await api.dispose()
  pushService?.kill()
})

/** A subscription from the push test service for the server's key, as a browser's `PushSubscription.toJSON()` gives it. */
async function pushSubscription() {
  const { publicKey } = await ok<{ publicKey: string }>(await api.get('/api/v1/push/key'))
  const response = await fetch(`${pushBase}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: publicKey, userVisibleOnly: 'true' }),
  })
  const { data } = (await response.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } }
  return data
}

/**
 * The page's `PushManager` hands out `subscription` (a headless browser has no push service of its
 * own to subscribe with); everything else, the service worker included, is the browser's own.
 */
async function subscribesWith(context: BrowserContext, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await context.addInitScript((json) => {
    const made = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('e2e-push-subscribed')
        return true
      },
    })
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem('e2e-push-subscribed', 'yes')
      return made() as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem('e2e-push-subscribed') ? made() : null) as unknown as PushSubscription | null
    }
  }, subscription)
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
}

/** The service worker has taken the page over (it claims open pages as it starts). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 })
}

test('on a phone: installed, read offline, told of a message by a push that opens the conversation', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const subscription = await pushSubscription()
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' })
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await subscribesWith(context, subscription)
  const page = await context.newPage()
  await logInAs(page, applicant)

  // Installable: the manifest, its icons and the service worker pass Chromium's own checks.
  await page.goto('/')
  await controlled(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
  // A journey's browser context is incognito, where Chromium installs nothing; every other check must pass.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])
  const manifest = await ok<{ name: string; start_url: string; display: string; shortcuts: { name: string; url: string }[] }>(
    await api.get('/manifest.webmanifest'),
  )
  expect(manifest).toMatchObject({ name: 'jobportal', start_url: '/', display: 'standalone' })
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Jobs', 'My Applications', 'Messages'])
  await expectAccessible(page)

  // Online: the job saved, and Saved Jobs and My Applications seen.
  await page.goto(`/job/${job._id}`)
  await page.getByRole('button', { name: `Save ${job.title}` }).click()
  await expect(page.getByRole('button', { name: `Saved ${job.title}` })).toBeVisible()
  await page.goto('/dashboard/saved-jobs')
  await expect(page.getByRole('list', { name: 'Saved jobs' }).getByRole('heading', { name: job.title })).toBeVisible()
  await page.goto('/dashboard/my-applications')
  await expect(page.getByRole('heading', { name: job.title })).toBeVisible()

  // Offline: what was seen is still there, marked as such, and a write is refused with a clear word.
  await context.setOffline(true)
  await page.goto('/dashboard/saved-jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Jobs' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^You are offline; showing what you saw at \d\d:\d\d/ })).toBeVisible()
  const saved = page.getByRole('list', { name: 'Saved jobs' }).getByRole('article')
  await expect(saved).toHaveCount(1)
  await expect(saved.getByRole('heading')).toHaveText(job.title)
  await expectAccessible(page)
  await page.getByRole('button', { name: `Saved ${job.title}` }).click()
  await expect(page.getByText('You are offline: this was not sent. Try again when you are back online.')).toBeVisible()
  await expect(page.getByRole('button', { name: `Saved ${job.title}` })).toBeVisible()
  await page.goto(`/job/${job._id}`)
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await expectAccessible(page)
  await page.goto('/dashboard/my-applications')
  await expect(page.getByRole('heading', { name: job.title })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^You are offline; showing what you saw at / })).toBeVisible()
  await expectAccessible(page)

  // Back online; notifications turned on for this phone in Settings.
  await context.setOffline(false)
  await expect(page.getByText('You are back online.')).toBeVisible()
  await page.goto('/dashboard/settings')
  await page.getByRole('button', { name: 'Turn on notifications on this device' }).click()
  await expect(page.getByText('Notifications turned on for this device')).toBeVisible()
  await expectAccessible(page)

  // The recruiter writes; the server's push reaches the push service, signed and encrypted for this phone.
  await ok(
    await api.post(`/api/v1/auth/applications/${application}/messages`, {
      headers: { Authorization: `Bearer ${recruiter.token}` },
      data: { body: `Can you start on Monday, ${word}?` },
    }),
    201,
  )
  let received: string[] = []
  await expect
    .poll(
      async () => {
        const response = await fetch(`${pushBase}/get-notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientHash: subscription.clientHash }),
        })
        received = ((await response.json()) as { data: { messages: string[] } }).data.messages
        return received.length
      },
      { timeout: 15_000 },
    )
    .toBe(1)
  const push = JSON.parse(received[0]) as { title: string; body: string; url: string }
  expect(push).toEqual({
    title: 'New message',
    body: 'You have a new message about an application.',
    url: `/dashboard/my-applications?conversation=${application}`,
    tag: `message:/dashboard/my-applications?conversation=${application}`,
  })

  // Handed to the phone's service worker as its push service would: it shows the notification.
  await cdp.send('ServiceWorker.enable')
  const registrations: { registrationId: string; scopeURL: string }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
    registrations.push(...event.registrations),
  )
  await expect.poll(() => registrations.length).toBeGreaterThan(0)
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: registrations[0].registrationId, data: received[0] })
  const worker = await serviceWorker(context)
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const { registration } = globalThis as unknown as { registration: ServiceWorkerRegistration }
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }))
      }),
      { timeout: 15_000 },
    )
    .toEqual([{ title: 'New message', body: 'You have a new message about an application.', data: { url: push.url } }])

  // A tap on it opens the conversation in the open window.
  await page.goto('/jobs')
  await controlled(page)
  // What the browser does when the notification is tapped: the worker's `notificationclick`.
  await worker.evaluate(async () => {
    type Scope = { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
    const scope = globalThis as unknown as Scope
    const [notification] = await scope.registration.getNotifications()
    globalThis.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
  })
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-applications\\?conversation=${application}$`))
  await expect(page.getByRole('dialog').getByText(`Can you start on Monday, ${word}?`)).toBeVisible()
  await expectAccessible(page)
  await context.close()
})
