import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { freshEmail, signupCode } from './mail'
import { categoryIds, deleteJob, ok, postJob, signUp as signUpByApi, type Posted, type Session } from './seed'

/**
 * A new account keeps what the person came for: a guest who taps "Log in to apply", "Post a job" or
 * the header's Signup and has no account yet signs up, enters the e-mailed code, and is logged in at
 * once and back where they were heading; the resume detour that follows comes back to the job with
 * its apply dialog open. Every job made here is deleted again: other journeys expect an empty board.
 */

const PASSWORD = 'destination-secret-1'

let api: APIRequestContext
let recruiter: Session
let job: Posted

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUpByApi(api, 'Recruiter', 'destination', PASSWORD)
  job = await postJob(api, recruiter.token, {
    title: `Harbour Pilot ${Date.now().toString(36)}`,
    company: 'Tidewater Ports',
    location: 'Kochi',
    jobType: 'Full-time',
    categoryName: (await categoryIds(api)).Engineering,
  })
})

test.afterAll(async () => {
  // The job, and any a journey posted.
  const { data } = await ok<{ data: Posted[] }>(await api.get('/api/v1/jobs/getAllJobs', { headers: { Authorization: `Bearer ${recruiter.token}` } }))
  for (const posted of data) await deleteJob(api, recruiter.token, posted)
  await api.dispose()
})

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The page's address is exactly `path` (with its query). */
const at = (path: string) => new RegExp(`^[^/]+//[^/]+${escaped(path)}$`)

/** From Login, "Signup" (in the page, not the header's), then the form filled in and sent; ends on Verify Email, checked. */
async function signUpFromLogin(page: Page, accountType: 'Applicant' | 'Recruiter', email: string, next: string) {
  await page.getByRole('main').getByRole('link', { name: 'Signup', exact: true }).click()
  await signUpHere(page, accountType, email, next)
}

/** On Signup (`?next=` checked), the form filled in and sent, then the e-mailed code; ends with "Signup Successful". */
async function signUpHere(page: Page, accountType: 'Applicant' | 'Recruiter', email: string, next: string) {
  await expect(page).toHaveURL(at(`/signup?next=${next}`))
  // The tab the destination needs is already chosen.
  await expect(page.getByRole('tab', { name: accountType })).toHaveAttribute('aria-selected', 'true')
  await expectAccessible(page)
  await page.getByLabel('First Name', { exact: true }).fill(accountType === 'Applicant' ? 'Ann' : 'Raj')
  await page.getByLabel('Last Name', { exact: true }).fill(accountType === 'Applicant' ? 'Lee' : 'Rao')
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Create Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('OTP Sent Successfully')).toBeVisible()
  await expect(page).toHaveURL(at(`/verify-email?next=${next}`))
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible()
  await expectAccessible(page)

  const code = await signupCode(email)
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.getByText('Signup Successful')).toBeVisible()
}

test('a guest taps "Log in to apply", signs up with the e-mailed code and is back on that job, logged in: asked for a resume, uploads one and applies', async ({ page }) => {
  test.setTimeout(120_000)
  const jobPath = `/job/${job._id}`
  await page.goto(jobPath)
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Log in to apply' }).click()
  await expect(page).toHaveURL(at(`/login?next=${jobPath}`))
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await expectAccessible(page)

  await signUpFromLogin(page, 'Applicant', freshEmail('destination-applicant'), jobPath)

  // No second login: the job page, with Apply where "Log in to apply" was.
  await expect(page).toHaveURL(at(jobPath))
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled()
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveCount(0)
  const prompt = page.getByRole('region', { name: 'Complete your profile' })
  await expect(prompt).toContainText('Add your resume before you apply, so the recruiter sees more than your statement.')
  await expectAccessible(page)

  // "Upload a resume" leads to Settings and, once the resume is in, back to the job.
  await prompt.getByRole('link', { name: 'Upload a resume' }).click()
  await expect(page).toHaveURL(at(`/dashboard/settings?next=${jobPath}`))
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the job' })).toHaveAttribute('href', jobPath)
  const resume = page.getByRole('region', { name: 'Resume' })
  await resume.getByLabel('Browse').setInputFiles({ name: 'ann-lee.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Ann Lee resume\n%%EOF\n') })
  await expect(resume.getByText('ann-lee.pdf')).toBeVisible()
  await expectAccessible(page)
  await resume.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Resume uploaded successfully')).toBeVisible()
  // Back on the job with the apply dialog already open, for what the person came for.
  await expect(page).toHaveURL(at(jobPath))
  await expect(page.getByRole('region', { name: 'Complete your profile' })).toHaveCount(0)
  const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
  await expect(dialog.getByRole('link', { name: 'ann-lee.pdf' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Job Applied Successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled()
})

test('a guest taps "Post a job", signs up as a recruiter and lands on Add Job; a next of another site is never followed', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  await expectAccessible(page)
  // Straight to Signup, on the Recruiter tab (checked in signUpHere).
  await page.getByRole('link', { name: 'Post a job' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Join the millions finding their next job with jobportal' })).toBeVisible()

  await signUpHere(page, 'Recruiter', freshEmail('destination-recruiter'), '/dashboard/add-job')
  await expect(page).toHaveURL(at('/dashboard/add-job'))
  await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  await expectAccessible(page)

  // Logged in, a login page asked to return to another site stays on this one: the recruiter's work, My Jobs.
  for (const next of ['//evil.example/', 'https%3A%2F%2Fevil.example%2F', '/%09/evil.example']) {
    await page.goto(`/login?next=${next}`)
    await expect(page).toHaveURL(at('/dashboard/my-jobs'))
    await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  }
})

test('a guest on a job page taps the header\'s Signup, signs up and is back on that job; skipping the resume, "Back to the job" opens the apply dialog', async ({ page }) => {
  test.setTimeout(120_000)
  const jobPath = `/job/${job._id}`
  await page.goto(jobPath)
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Signup', exact: true }).click()
  await signUpHere(page, 'Applicant', freshEmail('destination-header'), jobPath)
  await expect(page).toHaveURL(at(jobPath))
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()

  await page.getByRole('region', { name: 'Complete your profile' }).getByRole('link', { name: 'Upload a resume' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the job' }).click()
  await expect(page).toHaveURL(at(jobPath))
  const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
  await expect(dialog.getByText('You have not uploaded a resume, so the recruiter will see only your statement.')).toBeVisible()
  await expectAccessible(page)
  // Closed, the focus is on Apply; a reload shows the job, not the dialog again.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeFocused()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
