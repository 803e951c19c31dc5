import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { waitForMail } from './mail'
import { categoryIds, deleteJob, pageAs, postJob, signUp, type Posted, type Session } from './seed'

/**
 * An applicant saves a search on the jobs page (on a desktop); a job posted afterwards arrives by
 * e-mail with a link that stops the alerts without a login; on a phone the applicant renames,
 * resumes and deletes the search.
 */

const PASSWORD = 'saved-search-secret-1'
const word = `osprey${Date.now().toString(36)}`
let api: APIRequestContext
let recruiter: Session
let applicant: Session & { user: { email: string } }
const posted: Posted[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'saved-search', PASSWORD)
  applicant = (await signUp(api, 'Applicant', 'saved-search', PASSWORD)) as Session & { user: { email: string } }
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiter.token, job)
  await api.dispose()
})

test('a saved search mails the new job once, its link stops the alerts, and it is managed on a phone', async ({ browser }) => {
  test.setTimeout(90_000)
  const desk = await pageAs(browser, applicant)
  await desk.goto(`/jobs?q=${word}`)
  await expect(desk.getByText('No jobs found for your search.')).toBeVisible()
  await desk.getByRole('button', { name: 'Save this search' }).click()
  const dialog = desk.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog.getByLabel('Name')).toHaveValue(word)
  await expectAccessible(desk)
  await dialog.getByLabel('Name').fill(`Osprey roles`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(desk.getByText('Search saved')).toBeVisible()

  const { Engineering } = await categoryIds(api)
  posted.push(await postJob(api, recruiter.token, { title: `Osprey ${word} Pilot`, company: 'Osprey Air', location: 'Leh', jobType: 'Full-time', categoryName: Engineering }))
  // The body is quoted-printable: undo its soft line breaks and escapes before reading it.
  const mail = (await waitForMail(applicant.user.email, '1 new job for your saved searches'))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  expect(mail).toContain(`Osprey ${word} Pilot at Osprey Air, Leh`)
  const stop = /Stop these alerts: (\S+)/.exec(mail)?.[1]
  expect(stop).toBeTruthy()

  // The link needs no login: a fresh browser follows it.
  const stranger = await (await browser.newContext()).newPage()
  await stranger.goto(stop!.replace(/^https?:\/\/[^/]+/, ''))
  await expect(stranger.getByText('The alerts for Osprey roles are stopped. You will get no more e-mails about it.')).toBeVisible()
  await expectAccessible(stranger)

  const phone = await pageAs(browser, applicant, { width: 390, height: 844 })
  await phone.goto('/dashboard/saved-searches')
  const card = phone.getByRole('article', { name: 'Osprey roles' })
  await expect(card.getByText('Paused')).toBeVisible()
  await expectAccessible(phone)
  await card.getByRole('button', { name: 'Resume alerts for Osprey roles' }).click()
  await expect(card.getByText('On', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Rename Osprey roles' }).click()
  await card.getByLabel('New name for Osprey roles').fill('Pilot jobs')
  await card.getByRole('button', { name: 'Save' }).click()
  const renamed = phone.getByRole('article', { name: 'Pilot jobs' })
  await expect(renamed).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await renamed.getByRole('button', { name: 'Delete Pilot jobs' }).click()
  await phone.getByRole('dialog', { name: 'Delete this saved search?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(phone.getByText(/You have no saved searches yet/)).toBeVisible()
  await expectAccessible(phone)
})

test('a guest is told that logging in saves a search, comes back to it, saves it once, and sees it saved', async ({ browser }) => {
  test.setTimeout(60_000)
  const person = (await signUp(api, 'Applicant', 'saved-search-guest', PASSWORD)) as Session & { user: { email: string } }
  const other = `${word}x`
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await phone.goto(`/jobs?q=${other}&workMode=Remote`)
  await expect(phone.getByRole('button', { name: 'Save this search' })).toHaveCount(0)
  const login = phone.getByRole('link', { name: 'Log in to save this search' })
  await expect(login).toBeVisible()
  await expectAccessible(phone)
  await login.click()
  await expect(phone).toHaveURL(`/login?next=/jobs%3Fq%3D${other}%26workMode%3DRemote`)
  await phone.getByLabel('Email Address', { exact: true }).fill(person.user.email)
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await phone.getByRole('button', { name: 'Login' }).click()
  await expect(phone).toHaveURL(`/jobs?q=${other}&workMode=Remote`)

  await phone.getByRole('button', { name: 'Save this search' }).click()
  await phone.getByRole('dialog', { name: 'Save this search' }).getByRole('button', { name: 'Save' }).click()
  await expect(phone.getByText('Search saved')).toBeVisible()
  const saved = phone.getByRole('link', { name: 'This search is saved' })
  await expect(saved).toBeFocused()
  await expect(saved).toHaveAttribute('href', '/dashboard/saved-searches')
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(phone)

  // The same filters in another order are the same search: shown saved, and refused a second time.
  await phone.goto(`/jobs?workMode=Remote&q=${other}`)
  await expect(phone.getByRole('link', { name: 'This search is saved' })).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Save this search' })).toHaveCount(0)
  const again = await api.post('/api/v1/jobs/savedSearches', {
    headers: { Authorization: `Bearer ${person.token}` },
    data: { name: 'Again', query: `workMode=Remote&q=${other}` },
  })
  expect(again.status()).toBe(409)
  expect((await again.json()).message).toBe('This search is already saved')
  // Another search is not.
  await phone.goto(`/jobs?q=${other}`)
  await expect(phone.getByRole('button', { name: 'Save this search' })).toBeVisible()
})
