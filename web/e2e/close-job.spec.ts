import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, pageAs, postJob, signUp, type Posted, type Session } from './seed'

/**
 * A recruiter closes a job to applications before its deadline (on a phone, from My Jobs) and
 * reopens it (on a desktop, from the job's page); meanwhile applicants find it marked closed, with
 * no Apply, and the job board's open jobs leave it out.
 */

const PASSWORD = 'close-job-secret-1'
let api: APIRequestContext
let recruiter: Session
let applicant: Session
let job: Posted
const word = `quokka${Date.now().toString(36)}`

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'close-job', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'close-job', PASSWORD)
  const { Engineering } = await categoryIds(api)
  job = await postJob(api, recruiter.token, { title: `Pausable ${word} Engineer`, company: 'Quokka Labs', location: 'Goa', jobType: 'Part-time', categoryName: Engineering })
})

test.afterAll(async () => {
  await deleteJob(api, recruiter.token, job)
  await api.dispose()
})

async function searchFinds(page: Page, count: number) {
  await page.goto(`/jobs?q=${word}`)
  await expect(page.getByText(count === 0 ? 'No jobs found for your search.' : `${count} job found`)).toBeVisible()
}

test('a recruiter closes a job on a phone and reopens it on a desktop; applicants see it closed meanwhile', async ({ browser }) => {
  test.setTimeout(60_000)
  const phone = await pageAs(browser, recruiter, { width: 390, height: 844 })
  await phone.goto('/dashboard/my-jobs')
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: job.title }) })
  // From the keyboard: the focus stays on the job's button, now "Reopen", not lost to the page.
  await card.getByRole('button', { name: `Close ${job.title}` }).focus()
  await phone.keyboard.press('Enter')
  await expect(phone.getByText('Job closed')).toBeVisible()
  await expect(card.getByText('Closed', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: `Reopen ${job.title}` })).toBeFocused()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(phone)

  const seeker = await pageAs(browser, applicant)
  await searchFinds(seeker, 0)
  await seeker.goto(`/job/${job._id}`)
  await expect(seeker.getByText('No longer accepting applications')).toBeVisible()
  await expect(seeker.getByText(/^The recruiter closed this job on /)).toBeVisible()
  await expect(seeker.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expectAccessible(seeker)

  const desktop = await pageAs(browser, recruiter)
  await desktop.goto(`/job/${job._id}`)
  await desktop.getByRole('button', { name: `Reopen ${job.title}` }).click()
  await expect(desktop.getByText('Job reopened')).toBeVisible()
  await expect(desktop.getByText(/^Last Date to Apply: /)).toBeVisible()
  await expect(desktop.getByRole('button', { name: `Close ${job.title}` })).toBeFocused()
  await expectAccessible(desktop)

  await searchFinds(seeker, 1)
  await seeker.goto(`/job/${job._id}`)
  await expect(seeker.getByRole('button', { name: 'Apply' })).toBeVisible()
})

test('a job its recruiter deleted says it was removed (410), on a phone and a desktop; an unknown one is not found', async ({ browser }) => {
  const { Engineering } = await categoryIds(api)
  const gone = await postJob(api, recruiter.token, { title: `Deleted ${word} Role`, company: 'Quokka Labs', location: 'Goa', jobType: 'Full-time', categoryName: Engineering })
  await deleteJob(api, recruiter.token, gone)
  for (const viewport of [{ width: 390, height: 844 }, undefined]) {
    const page = await pageAs(browser, applicant, viewport)
    const response = await page.goto(`/job/${gone._id}`)
    expect(response?.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1, name: 'This job has been removed' })).toBeVisible()
    await expect(page.getByText('The recruiter removed this job, so it no longer takes applications.')).toBeVisible()
    await expect(page).toHaveTitle('Job removed | jobportal')
    await expect(page.getByText('Lost and not found!')).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Search jobs', exact: true }).click()
    await expect(page).toHaveURL(/\/jobs$/)
  }

  const guest = await (await browser.newContext()).newPage()
  expect((await guest.goto('/job/no-such-job'))?.status()).toBe(404)
  await expect(guest.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expect(guest.getByText('This job has been removed')).toHaveCount(0)
})
