import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, ok, pageAs, postJob, signUp, type Posted, type Session } from './seed'

/**
 * An applicant saves jobs from the search results (on a desktop) and from a job's page (on a phone),
 * finds them on Saved Jobs, sees one marked closed once its recruiter closes it, and forgets one.
 */

const PASSWORD = 'saved-jobs-secret-1'
const word = `ibis${Date.now().toString(36)}`
let api: APIRequestContext
let recruiter: Session
let applicant: Session
const jobs: Posted[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'saved-jobs', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'saved-jobs', PASSWORD)
  const { Engineering } = await categoryIds(api)
  for (const title of [`Ibis ${word} Analyst`, `Ibis ${word} Designer`]) {
    jobs.push(await postJob(api, recruiter.token, { title, company: 'Ibis Co', location: 'Kochi', jobType: 'Full-time', categoryName: Engineering }))
  }
})

test.afterAll(async () => {
  for (const job of jobs) await deleteJob(api, recruiter.token, job)
  await api.dispose()
})

test('an applicant saves jobs on a desktop and a phone, sees one closed, and forgets one', async ({ browser }) => {
  test.setTimeout(60_000)
  const [analyst, designer] = jobs
  const desktop = await pageAs(browser, applicant)
  await desktop.goto(`/jobs?q=${word}`)
  await expect(desktop.getByText('2 jobs found')).toBeVisible()
  const save = desktop.getByRole('button', { name: `Save ${analyst.title}` })
  await expect(save).toHaveAttribute('aria-pressed', 'false')
  await save.click()
  await expect(desktop.getByRole('button', { name: `Saved ${analyst.title}` })).toHaveAttribute('aria-pressed', 'true')
  await expectAccessible(desktop)

  const phone = await pageAs(browser, applicant, { width: 390, height: 844 })
  await phone.goto(`/job/${designer._id}`)
  await phone.getByRole('button', { name: `Save ${designer.title}` }).click()
  await expect(phone.getByRole('button', { name: `Saved ${designer.title}` })).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(phone)

  // The recruiter closes one; Saved Jobs marks it.
  await ok(await api.put(`/api/v1/jobs/closeJob/${analyst._id}`, { headers: { Authorization: `Bearer ${recruiter.token}` } }))
  await phone.getByRole('button', { name: 'Open menu' }).click()
  await phone.getByRole('link', { name: 'Saved Jobs' }).click()
  await expect(phone.getByRole('heading', { level: 1, name: 'Saved Jobs' })).toBeVisible()
  const saved = phone.getByRole('list', { name: 'Saved jobs' }).getByRole('article')
  await expect(saved).toHaveCount(2)
  await expect(saved.first().getByRole('heading')).toHaveText(designer.title)
  await expect(saved.filter({ hasText: analyst.title }).getByText('Closed', { exact: true })).toBeVisible()
  await expectAccessible(phone)

  await desktop.goto('/dashboard/saved-jobs')
  await desktop.getByRole('button', { name: `Saved ${designer.title}` }).click()
  await expect(desktop.getByRole('heading', { name: designer.title })).toHaveCount(0)
  await desktop.reload()
  await expect(desktop.getByRole('list', { name: 'Saved jobs' }).getByRole('article')).toHaveCount(1)
  await expectAccessible(desktop)
})

test('a guest is told on a job page that logging in saves it, and comes back to it to save it', async ({ browser }) => {
  const [analyst] = jobs
  const person = (await signUp(api, 'Applicant', 'saved-jobs-guest', PASSWORD)) as Session & { user: { email: string } }
  const guest = await (await browser.newContext()).newPage()
  await guest.goto(`/job/${analyst._id}`)
  await expect(guest.getByRole('button', { name: `Save ${analyst.title}` })).toHaveCount(0)
  const login = guest.getByRole('link', { name: 'Log in to save this job' })
  await expect(login).toHaveAttribute('href', `/login?next=/job/${analyst._id}`)
  await expectAccessible(guest)
  await login.click()
  await guest.getByLabel('Email Address', { exact: true }).fill(person.user.email)
  await guest.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await guest.getByRole('button', { name: 'Login' }).click()
  await expect(guest).toHaveURL(`/job/${analyst._id}`)
  await guest.getByRole('button', { name: `Save ${analyst.title}` }).click()
  await expect(guest.getByRole('button', { name: `Saved ${analyst.title}` })).toHaveAttribute('aria-pressed', 'true')
  // Saved, it shows so on every later visit.
  await guest.reload()
  await expect(guest.getByRole('button', { name: `Saved ${analyst.title}` })).toHaveAttribute('aria-pressed', 'true')
  await expectAccessible(guest)
})
