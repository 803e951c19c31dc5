import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { DEVICES } from './board'
import { categoryIds, deleteJob, ok, pageAs, postJob, signUp, type Session } from './seed'

/**
 * Export and delete your account, self-service, on a desktop and on a phone: an applicant with a
 * resume and an application downloads their data from Settings (the JSON file read back), is refused
 * with a wrong password, deletes the account with the right one and lands on / signed out; the old
 * password logs in no more, and the recruiter's list of the job's applications no longer has them.
 * A recruiter deleting their account takes their job with it: its page is not found. Axe checks
 * Settings and the open confirmation.
 */

const PASSWORD = 'account-data-journey-secret-1'

type Person = Session & { user: { email: string; _id: string } }

const bearer = (person: Session) => ({ Authorization: `Bearer ${person.token}` })

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Delete my account' })).toBeVisible()
}

/** Logs in through the form with the journey's password; the caller checks where it leads. */
async function logIn(page: Page, email: string) {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Deletes the account from Settings with `password`: the confirmation, then / with the toast, signed out. */
async function deleteAccount(page: Page, password: string) {
  await page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click()
  await expect(page.getByText('Your account has been deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(dialog).toHaveCount(0)
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
  // Ended as a logout ends it, not as a session the server refused.
  await expect(page.getByText('Your session has expired, please log in again')).toHaveCount(0)
}

for (const device of DEVICES) {
  test(`on a ${device.name}, an applicant downloads their data and resume, then deletes the account: a wrong password is refused, the right one signs them out for good and leaves the recruiter a record naming nobody`, async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(180_000)
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const recruiter = (await signUp(api, 'Recruiter', `account-data-${device.name}`, PASSWORD)) as Person
    const applicant = (await signUp(api, 'Applicant', `account-data-${device.name}`, PASSWORD)) as Person
    const title = `Data Steward ${device.name} ${Date.now().toString(36)}`
    const job = await postJob(api, recruiter.token, { title, company: 'Acme Records', location: 'Pune', jobType: 'Full-time', categoryName: (await categoryIds(api))['Engineering'] })
    // The applicant logs in in their own browser (no stored session: at the end the same browser tries the old password again).
    const page = await (await browser.newContext({ viewport: device.viewport })).newPage()
    await logIn(page, applicant.user.email)
    await expect(page).toHaveURL(/\/dashboard\/my-profile$/)

    // A resume, uploaded in Settings.
    await openSettings(page)
    const resumeFile = Buffer.from('%PDF-1.4\n% account data journey\n%%EOF\n')
    await page.getByRole('region', { name: 'Resume' }).getByLabel('Browse').setInputFiles({ name: 'jo-bs-cv.pdf', mimeType: 'application/pdf', buffer: resumeFile })
    await page.getByRole('region', { name: 'Resume' }).getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible()

    // An application, from the job's page.
    await page.goto(`/job/${job._id}`)
    await page.getByRole('button', { name: 'Apply' }).click()
    const apply = page.getByRole('dialog', { name: `Apply for ${title}` })
    await apply.getByLabel('Statement of Purpose').fill('I keep records tidy and people informed.')
    await apply.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByText('Job Applied Successfully')).toBeVisible()

    // The recruiter sees the application.
    const received = async () =>
      (await ok<{ applications: { _id: string; stage: string; sop: string; userDetails: unknown }[] }>(await api.get(`/api/v1/auth/jobs/applications/${job._id}`, { headers: bearer(recruiter) }))).applications
    expect(await received()).toHaveLength(1)

    // Your data: the JSON file, and the resume.
    await openSettings(page)
    const yourData = page.getByRole('region', { name: 'Your data' })
    await expect(yourData.getByRole('link', { name: 'Download my resume' })).toBeVisible()
    await expectAccessible(page)
    const [exported] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: 'Download my data' }).click()])
    expect(exported.suggestedFilename()).toBe('jobportal-data.json')
    const data = JSON.parse(fs.readFileSync(await exported.path(), 'utf8'))
    expect(data.account).toMatchObject({ _id: applicant.user._id, email: applicant.user.email, accountType: 'Applicant' })
    expect(data.applications).toHaveLength(1)
    expect(JSON.stringify(data.applications[0])).toContain(job._id)
    expect(data.resume).toMatchObject({ fileName: 'jo-bs-cv.pdf' })
    const [resume] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('link', { name: 'Download my resume' }).click()])
    expect(fs.readFileSync(await resume.path()).equals(resumeFile)).toBe(true)

    // A wrong password is refused in the dialog; the person stays signed in.
    const deletion = page.getByRole('region', { name: 'Delete my account' })
    await deletion.getByRole('button', { name: 'Delete my account…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused()
    await expectAccessible(page)
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password')
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The password is incorrect')
    await expect(page).toHaveURL(/\/dashboard\/settings$/)
    await expectAccessible(page)
    // Escape closes it, the focus back on the button that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(deletion.getByRole('button', { name: 'Delete my account…' })).toBeFocused()

    await deleteAccount(page, PASSWORD)
    await expectAccessible(page)

    // The old credentials log in no more.
    await logIn(page, applicant.user.email)
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Incorrect email or password')
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

    // The recruiter keeps the record without the person: "Deleted candidate", withdrawn (it was
    // still in the process), with no e-mail or statement.
    const kept = await received()
    expect(kept.map((each) => [each.stage, each.sop, each.userDetails])).toEqual([
      ['withdrawn', '', { firstName: 'Deleted', lastName: 'candidate', email: '' }],
    ])
    const recruiterPage = await pageAs(browser, recruiter, device.viewport)
    await recruiterPage.goto(`/dashboard/job/applications/${job._id}?view=list`)
    await expect(recruiterPage.getByRole('heading', { name: 'Deleted candidate' })).toBeVisible()
    await expect(recruiterPage.getByText('No resume uploaded')).toBeVisible()
    await expectAccessible(recruiterPage)

    // Other journeys expect an empty board.
    await deleteJob(api, recruiter.token, job)
  })

  test(`on a ${device.name}, a recruiter deletes their account and their job's page is then not found`, async ({ browser, playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const recruiter = (await signUp(api, 'Recruiter', `account-gone-${device.name}`, PASSWORD)) as Person
    const title = `Vanishing Role ${device.name} ${Date.now().toString(36)}`
    const job = await postJob(api, recruiter.token, { title, company: 'Acme Records', location: 'Pune', jobType: 'Full-time', categoryName: (await categoryIds(api))['Engineering'] })
    const page = await pageAs(browser, recruiter, device.viewport)
    await page.goto(`/job/${job._id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

    await openSettings(page)
    await expect(page.getByRole('region', { name: 'Delete my account' }).getByRole('listitem')).toHaveText([
      'your account and your profile',
      'your jobs, and the applications to them',
      'your notifications and your messages',
    ])
    await expect(page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my resume' })).toHaveCount(0)
    await expectAccessible(page)
    await deleteAccount(page, PASSWORD)

    expect((await page.goto(`/job/${job._id}`))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
    expect((await api.get(`/api/v1/jobs/getJob/${job._id}`)).status()).toBe(404)
  })
}
