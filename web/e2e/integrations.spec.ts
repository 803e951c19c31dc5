import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { utcDateDaysFromNow } from './dates'
import { categoryIds, ok, pageAs, signUp, type Session } from './seed'

/**
 * The ways other software connects (docs/product.md#api-tokens-settings, #webhooks-settings,
 * #calendar-feed-settings): a recruiter makes an API token and a webhook endpoint in the browser; a
 * script with only the token posts a job, reads its applications and moves one to Interview; the
 * receiver gets each event signed; the delivery log says so; the calendar feed serves the booked
 * interviews; a revoked token is refused.
 */

const PASSWORD = 'integrations-secret-1'
let api: APIRequestContext
let recruiter: Session
let applicant: Session

type Received = { id: string; timestamp: string; signature: string; body: string }
const received: Received[] = []
let receiver: http.Server

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'integrations', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'integrations', PASSWORD)
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '')
      received.push({ id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature'), body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
})

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve))
  await api.dispose()
})

/** Whether `delivery` is signed with `secret` as Standard Webhooks says: base64 HMAC-SHA256 of id.timestamp.body. */
function signedWith(delivery: Received, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest('base64')
  return delivery.signature.split(' ').includes(`v1,${expected}`)
}

test('a recruiter connects a script, a webhook receiver and a calendar, and the script hires through the API alone', async ({ browser }) => {
  test.setTimeout(120_000)
  const page = await pageAs(browser, recruiter)

  // An API token, made in Settings; its secret is shown once.
  await page.goto('/dashboard/settings')
  const tokens = page.getByRole('region', { name: 'API tokens' })
  await tokens.getByRole('textbox', { name: 'Name' }).fill('Careers sync')
  for (const scope of ['jobs:write', 'applications:read', 'applications:write']) {
    await tokens.getByRole('checkbox', { name: scope }).check()
  }
  await tokens.getByRole('button', { name: 'Create token' }).click()
  const secretField = tokens.getByRole('textbox', { name: 'Token for Careers sync' })
  await expect(secretField).toBeFocused()
  const token = await secretField.inputValue()
  expect(token).toMatch(/^jpt_[0-9a-f]{64}$/)
  await expect(tokens.getByText('Copy it now: it will not be shown again')).toBeVisible()
  await expectAccessible(page)
  await tokens.getByRole('button', { name: 'Done' }).click()
  await expect(tokens.getByText('Careers sync', { exact: true })).toBeVisible()

  // A webhook endpoint, added on the company screen.
  await page.goto('/dashboard/company')
  const hooks = page.getByRole('region', { name: 'Webhooks' })
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  await hooks.getByRole('textbox', { name: 'URL' }).fill(url)
  await hooks.getByRole('checkbox', { name: 'A job was posted' }).check()
  await hooks.getByRole('checkbox', { name: 'Someone applied to a job' }).check()
  await hooks.getByRole('checkbox', { name: 'An application moved to another stage' }).check()
  await hooks.getByRole('button', { name: 'Add endpoint' }).click()
  const signing = hooks.getByRole('textbox', { name: /secret/i })
  await expect(signing).toBeFocused()
  const secret = await signing.inputValue()
  expect(secret).toMatch(/^whsec_/)
  await expectAccessible(page)
  await hooks.getByRole('button', { name: 'Done' }).click()

  // The script: only the token.
  const bearer = { Authorization: `Bearer ${token}` }
  const { Engineering } = await categoryIds(api)
  const { data: job } = await ok<{ data: { _id: string } }>(
    await api.post('/api/v1/jobs/createJob', {
      headers: bearer,
      data: {
        title: 'Scripted Engineer', company: 'Acme', description: 'Posted by a script.', location: 'Pune', jobType: 'Full-time',
        categoryName: Engineering, maxApplicants: 10, maxPositions: 1, dateOfPosting: utcDateDaysFromNow(0),
        deadline: utcDateDaysFromNow(30), skillsets: ['rust'], salary: 50000,
      },
    }),
    201,
  )
  await ok(await api.post(`/api/v1/jobs/apply/${job._id}`, { headers: { Authorization: `Bearer ${applicant.token}` }, data: { sop: 'I script too.' } }), 201)
  const { applications } = await ok<{ applications: { _id: string }[] }>(await api.get(`/api/v1/auth/jobs/applications/${job._id}`, { headers: bearer }))
  expect(applications).toHaveLength(1)
  const moved = await ok<{ message: string }>(
    await api.put(`/api/v1/auth/applications/${applications[0]._id}/stage`, { headers: bearer, data: { from: 'applied', stage: 'interview' } }),
  )
  expect(moved.message).toBe('Application moved to Interview stage')
  const refused = await api.post('/api/v1/auth/changepassword', { headers: bearer, data: { oldPassword: PASSWORD, newPassword: 'another-secret-2' } })
  expect([refused.status(), (await refused.json()).message]).toEqual([403, 'An API token cannot make this call'])

  // The receiver gets the three events, each signed with the endpoint's secret.
  await expect.poll(() => received.map((delivery) => JSON.parse(delivery.body).type), { timeout: 15_000 }).toEqual([
    'job.published',
    'application.created',
    'application.stage_changed',
  ])
  expect(received.every((delivery) => signedWith(delivery, secret))).toBe(true)
  expect(received.some((delivery) => signedWith(delivery, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'))).toBe(false)

  // The delivery log says each was delivered.
  await hooks.getByRole('button', { name: `Delivery log of ${url}` }).click()
  const log = page.getByRole('table', { name: new RegExp(`Delivery log of ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
  await expect(log.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(3)
  await expectAccessible(page)

  // The calendar feed: an address made in Settings, read as a calendar would.
  await page.goto('/dashboard/settings')
  const calendar = page.getByRole('region', { name: 'Calendar feed' })
  await calendar.getByRole('button', { name: 'Make a calendar address' }).click()
  const address = calendar.getByRole('textbox', { name: 'Calendar address' })
  await expect(address).toBeFocused()
  const feed = await api.get(await address.inputValue())
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await feed.text()).toContain('X-WR-CALNAME:Interviews on jobportal')
  await expectAccessible(page)

  // Revoked in Settings: the next call with it is refused.
  const tokenRow = page.getByRole('region', { name: 'API tokens' })
  await tokenRow.getByRole('button', { name: 'Revoke Careers sync' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText('Token revoked')).toBeVisible()
  const after = await api.get('/api/v1/auth/userDetails', { headers: bearer })
  expect([after.status(), (await after.json()).message]).toEqual([401, 'Token is invalid or expired'])
})
