import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, logInAs, ok, postJob, signUp, type Posted, type Session } from './seed'

/**
 * Withdrawing an application and its history: an applicant withdraws a pending application (on a
 * phone, then on a desktop), the place it held goes back to others, and the recruiter sees it
 * withdrawn, with when, beside a shortlisted one.
 */

const PASSWORD = 'withdraw-secret-1'
let api: APIRequestContext
let recruiter: Session
let engineering: string
const posted: Posted[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'withdraw', PASSWORD)
  engineering = (await categoryIds(api)).Engineering
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiter.token, job)
  await api.dispose()
})

async function postRole(maxApplicants: number): Promise<Posted> {
  const job = await postJob(api, recruiter.token, {
    title: 'Withdrawable Role',
    company: 'Wren Works',
    location: 'Mysuru',
    jobType: 'Full-time',
    categoryName: engineering,
    maxApplicants,
  })
  posted.push(job)
  return job
}

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.token}` })

async function applicantWhoApplied(label: string, job: Posted): Promise<{ session: Session; applicationId: string }> {
  const session = await signUp(api, 'Applicant', label, PASSWORD)
  const { application } = await ok<{ application: { _id: string } }>(
    await api.post(`/api/v1/jobs/apply/${job._id}`, { headers: bearer(session), data: { sop: 'I would like this role.' } }),
    201,
  )
  return { session, applicationId: application._id }
}

const card = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Withdrawable Role', exact: true }) })

async function withdrawOnMyApplications(page: Page) {
  await page.goto('/dashboard/my-applications')
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  await expect(card(page).getByText('Applied', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await card(page).getByRole('button', { name: 'Withdraw application for Withdrawable Role' }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw this application?' })
  await expect(dialog).toContainText('"Withdrawable Role" will be withdrawn and its place given back to others.')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Withdraw' }).click()
  await expect(page.getByText('Application withdrawn')).toBeVisible()
  await expect(card(page).getByText('Withdrawn', { exact: true })).toBeFocused()
  await expect(card(page).getByText('Withdrawn on', { exact: true })).toBeVisible()
  await expect(card(page).getByRole('button', { name: 'Withdraw application for Withdrawable Role' })).toHaveCount(0)
  await expectAccessible(page)
}

test('on a phone an applicant withdraws a pending application, and its place goes to the next applicant', async ({ browser }) => {
  // Two places: a third applicant gets one only once someone withdraws.
  const job = await postRole(2)
  const first = await applicantWhoApplied('withdraw-phone', job)
  const second = await applicantWhoApplied('withdraw-second', job)
  const refusedWhileFull = await api.post(`/api/v1/jobs/apply/${job._id}`, { headers: bearer(await signUp(api, 'Applicant', 'withdraw-early', PASSWORD)), data: { sop: 'Me too.' } })
  expect(refusedWhileFull.status()).toBe(400)
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await logInAs(page, first.session)
  await withdrawOnMyApplications(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The job's page, opened from the card, says "Withdrawn" at once, not the "Applied" it said before.
  await card(page).getByRole('link', { name: 'Withdrawable Role', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawable Role' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdrawn' })).toBeDisabled()
  await expect(page.getByText('You withdrew your application, so you cannot apply to this job again.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Applied' })).toHaveCount(0)
  await expectAccessible(page)

  // The place is free again: a third applicant can apply, where before the job was full.
  const third = await applicantWhoApplied('withdraw-third', job)
  expect(third.applicationId).toBeTruthy()
  // The recruiter shortlists the second; the one who withdrew can no longer be decided.
  await ok(await api.put(`/api/v1/auth/updateapplicationstatus/${second.applicationId}`, { headers: bearer(recruiter), data: { status: 'shortlisted' } }))
  const refused = await api.put(`/api/v1/auth/updateapplicationstatus/${first.applicationId}`, { headers: bearer(recruiter), data: { status: 'rejected' } })
  expect(refused.status()).toBe(409)
})

test('on a desktop the recruiter sees each application with its history: withdrawn, shortlisted and pending', async ({ browser }) => {
  const job = await postRole(10)
  const leaving = await applicantWhoApplied('withdraw-desktop', job)
  const chosen = await applicantWhoApplied('withdraw-chosen', job)
  await applicantWhoApplied('withdraw-pending', job)
  await ok(await api.put(`/api/v1/auth/updateapplicationstatus/${chosen.applicationId}`, { headers: bearer(recruiter), data: { status: 'shortlisted' } }))
  const page = await (await browser.newContext()).newPage()
  await logInAs(page, leaving.session)
  await withdrawOnMyApplications(page)

  const recruiterPage = await (await browser.newContext()).newPage()
  await logInAs(recruiterPage, recruiter)
  await recruiterPage.goto(`/dashboard/job/applications/${job._id}?view=list`)
  const applications = recruiterPage.getByRole('list', { name: 'Applications' }).getByRole('article')
  await expect(applications.first()).toBeVisible()
  const withdrawn = applications.filter({ has: recruiterPage.getByText('Withdrawn on', { exact: true }) })
  await expect(withdrawn).toHaveCount(1)
  for (const entry of await withdrawn.all()) await expect(entry.getByRole('button', { name: /^(Shortlist|Reject)$/ })).toHaveCount(0)
  const shortlisted = applications.filter({ has: recruiterPage.getByText('Screening stage on', { exact: true }) })
  await expect(shortlisted).toHaveCount(1)
  await expect(shortlisted.getByText('Applied on', { exact: true })).toBeVisible()
  const pending = applications.filter({ has: recruiterPage.getByRole('button', { name: 'Shortlist' }) })
  await expect(pending).toHaveCount(1)

  // The overview after the list counts them, and charts today's three.
  const overview = recruiterPage.getByRole('region', { name: 'Overview' })
  const count = (label: string) => overview.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(count('All')).toHaveText('3')
  await expect(count('Pending')).toHaveText('1')
  await expect(count('Shortlisted')).toHaveText('1')
  await expect(count('Withdrawn')).toHaveText('1')
  await expect(overview.getByRole('img', { name: /3 applications in the last 30 days; the most, 3, on / })).toBeVisible()
  await expectAccessible(recruiterPage)

  // On a phone the overview and its chart fit the screen.
  await recruiterPage.setViewportSize({ width: 390, height: 844 })
  await expect(overview.getByRole('img')).toBeVisible()
  expect(await recruiterPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await overview.getByText('Applications per day as a table').click()
  await expect(overview.getByRole('table')).toBeVisible()
  await expectAccessible(recruiterPage)
})
