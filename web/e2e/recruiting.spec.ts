import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { deletesTheirJobsAfterAll } from './board'
import { expect, test } from './csp'
import { dateInputDaysFromNow, longDate, todayAtAnyTime } from './dates'
import { freshEmail } from './mail'
import { signUpThroughForm } from './signup-form'
import { ok, signUp } from './seed'

/**
 * A recruiter posts, edits and deletes a job through the dashboard forms; then the whole product
 * once: a job posted, found and applied to, the application shortlisted and the applicant told.
 * Every job made here is deleted again: other journeys expect an empty board.
 */

const PASSWORD = 'recruiting-secret-1'
/** The deadline a job is posted with through the form, and the later one an edit moves it to, as the date fields take them. */
const DEADLINE = dateInputDaysFromNow(90)
const LATER_DEADLINE = dateInputDaysFromNow(180)

const ADD_JOB_MESSAGES = [
  'Job title is required',
  'Company name is required',
  'Job description is required',
  'Max applicants is required',
  'Max positions is required',
  'Date of posting is required',
  'Application deadline is required',
  'Skillsets are required',
  'Job type is required',
  'Salary is required',
  'Category is required',
  'Location is required',
]

/** A header as one line: long headers are folded onto continuation lines, and may be MIME encoded words. */
function headerValue(mail: string, name: string): string {
  const unfolded = mail.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  const raw = new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? ''
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
}

/** The e-mails to `to` in the server's outbox, by subject (e2e/mail.ts reads only one-line subjects). */
async function expectMail(to: string, subject: string) {
  const outbox = path.join(process.env.JOBPORTAL_E2E_DATA_DIR!, 'outbox')
  await expect
    .poll(
      () =>
        fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((name) => name.endsWith('.eml'))
              .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
              .filter((mail) => headerValue(mail, 'To') === to)
              .map((mail) => headerValue(mail, 'Subject'))
          : [],
      { timeout: 10_000, message: `an e-mail to ${to} about "${subject}"` },
    )
    .toContain(subject)
}

/** A word no other journey's job has, so a search for it finds only this run's job. */
const uniqueWord = (prefix: string) => `${prefix}${Date.now().toString(36)}`

type Person = { page: Page; email: string; name: string }

async function signUpAndLogIn(browser: Browser, accountType: 'Applicant' | 'Recruiter', firstName: string, lastName: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage()
  const email = freshEmail(`recruiting-${accountType.toLowerCase()}`)
  const bearer = await signUpThroughForm(page, { accountType, firstName, lastName, email, password: PASSWORD })
  if (accountType === 'Recruiter') recruiterTokens.push(bearer)
  return { page, email, name: `${firstName} ${lastName}` }
}

/** Tokens of the recruiters made here: whatever jobs they still have are deleted after the journeys, even failed ones. */
const recruiterTokens = deletesTheirJobsAfterAll()

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!)

type JobFields = { title: string; company: string; location: string }

async function fillJob(page: Page, job: JobFields) {
  await page.getByLabel('Job Title').fill(job.title)
  await page.getByLabel('Company Name').fill(job.company)
  await page.getByLabel('Job Description').fill(`Join ${job.company} as ${job.title}.`)
  await page.getByLabel('Max Applicants').fill('5')
  await page.getByLabel('Max Positions').fill('1')
  await page.getByLabel('Date of Posting').fill(dateInputDaysFromNow(0))
  await page.getByLabel('Application Deadline').fill(DEADLINE)
  // Skills are tags: each is typed and added with Enter.
  const skills = page.getByLabel('Skillsets', { exact: true })
  for (const skill of ['rust', 'sql', 'react']) {
    await skills.fill(skill)
    await skills.press('Enter')
  }
  await page.getByLabel('Job Type').selectOption('Part-time')
  await page.getByLabel('Salary (₹ per month)').fill('65000')
  await page.getByLabel('Category').selectOption({ label: 'Engineering' })
  await page.getByLabel('Location').fill(job.location)
}

async function postJob(page: Page, job: JobFields) {
  await sidebar(page).getByRole('link', { name: 'Add Job' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  await expect(page.getByLabel('Category').getByRole('option', { name: 'Engineering' })).toBeAttached()
  await fillJob(page, job)
  await page.getByRole('button', { name: 'Add Job' }).click()
  await expect(page.getByText('Job Added Successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-jobs$/)
}

async function deleteJob(page: Page, title: string) {
  await page.goto('/dashboard/my-jobs')
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this job?' })
  await expect(dialog).toContainText(`"${title}" will leave every listing and take no more applications; applicants still see what they sent.`)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Job Deleted')).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0)
}

test('a recruiter adds a job through the form, edits it, finds it on /jobs and deletes it after confirming', async ({ browser }) => {
  test.setTimeout(90_000)
  const { page } = await signUpAndLogIn(browser, 'Recruiter', 'Raj', 'Rao')
  const word = uniqueWord('quillfeather')
  const job = { title: 'Platform Engineer', company: `${word} Dynamics`, location: 'Hyderabad' }

  await sidebar(page).getByRole('link', { name: 'My Jobs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  await expect(page.getByText('You have not posted any jobs yet.')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Add Jobs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  await expectAccessible(page)
  // The posting date comes filled in with today, and the company with the recruiter's company: empty them to see their messages too.
  await expect(page.getByLabel('Company Name')).not.toHaveValue('')
  await page.getByLabel('Company Name').fill('')
  await page.getByLabel('Date of Posting').fill('')
  await page.getByRole('button', { name: 'Add Job' }).click()
  for (const message of ADD_JOB_MESSAGES) await expect(page.getByText(message, { exact: true })).toHaveCount(1)
  await expect(page.getByLabel('Company Name')).toHaveAccessibleDescription('Company name is required')
  await expect(page.getByLabel('Location')).toHaveAccessibleDescription('Location is required')
  await expectAccessible(page)

  await fillJob(page, job)
  // While the job is sent, the button says so in place; no "Loading..." toast.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/jobs/createJob', async (route) => {
    await held
    await route.fallback()
  })
  await page.getByRole('button', { name: 'Add Job' }).click()
  await expect(page.getByRole('button', { name: 'Add Job' })).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('button', { name: 'Add Job' })).toBeDisabled()
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0)
  release()
  await page.unroute('**/api/v1/jobs/createJob')
  const added = page.getByRole('status').filter({ hasText: 'Job Added Successfully' })
  await expect(added).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-jobs$/)
  // The toast leaves the header and the page's heading uncovered.
  const toast = (await added.boundingBox())!
  for (const covered of [page.getByRole('banner'), page.getByRole('heading', { level: 1, name: 'My Jobs' })]) {
    const box = (await covered.boundingBox())!
    expect(toast.y >= box.y + box.height || toast.y + toast.height <= box.y).toBe(true)
  }
  const card = page.getByRole('list', { name: 'Jobs' }).getByRole('article').filter({ hasText: job.title })
  await expect(card).toContainText(job.company)
  await expect(card).toContainText('0 of 5 applications received')
  await expectAccessible(page)

  await card.getByRole('link', { name: `Edit ${job.title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Job' })).toBeVisible()
  await expect(page.getByLabel('Max Applicants')).toHaveValue('5')
  await expect(page.getByLabel('Max Positions')).toHaveValue('1')
  await expect(page.getByLabel('Application Deadline')).toHaveValue(DEADLINE)
  await expectAccessible(page)
  await page.getByLabel('Max Applicants').fill('')
  await page.getByRole('button', { name: 'Update Job' }).click()
  await expect(page.getByText('Maximum applicants is required')).toBeVisible()
  await page.getByLabel('Max Applicants').fill('12')
  await page.getByLabel('Max Positions').fill('3')
  await page.getByLabel('Application Deadline').fill(LATER_DEADLINE)
  await page.getByRole('button', { name: 'Update Job' }).click()
  await expect(page.getByText('Job Updated Successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-jobs$/)
  await expect(card).toContainText('0 of 12 applications received')

  await page.goto('/jobs')
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word)
  await expect(page.getByText('1 job found')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: job.title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  const main = page.getByRole('main')
  for (const text of [job.company, job.location, 'Part-time', '₹65,000 per month', 'Engineering', 'rust', 'sql', 'react']) {
    await expect(main.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('Max Applications').locator('xpath=following-sibling::dd[1]')).toHaveText('12')
  await expect(page.getByText(`Last Date to Apply: ${longDate(LATER_DEADLINE)}`)).toBeVisible()
  // A recruiter is not offered Apply.
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expectAccessible(page)

  await deleteJob(page, job.title)
  await expect(page.getByText('You have not posted any jobs yet.')).toBeVisible()
  await page.goto(`/jobs?q=${word}`)
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
})

test('a job is posted, found and applied to (the dialog names the resume, or warns without one); the recruiter sees e-mail, skills and date, shortlists one applicant and rejects another after confirming; the applicant sees it, is told by e-mail, and keeps the application once the job is deleted', async ({ browser }) => {
  test.setTimeout(120_000)
  const recruiter = await signUpAndLogIn(browser, 'Recruiter', 'Rita', 'Roy')
  const word = uniqueWord('marlinspike')
  const job = { title: 'Site Reliability Engineer', company: `${word} Systems`, location: 'Kochi' }
  await postJob(recruiter.page, job)

  const applicant = await signUpAndLogIn(browser, 'Applicant', 'Asha', 'Iyer')
  const page = applicant.page
  const bearer = { Authorization: `Bearer ${await token(page)}` }
  // Skills go in through the API, so the recruiter has some to see.
  const profile = await page.request.post('/api/v1/auth/updateUserDetails', {
    headers: bearer,
    data: { firstName: 'Asha', lastName: 'Iyer', skills: ['Kubernetes', 'Incident Response'] },
  })
  expect(profile.status(), await profile.text()).toBe(200)

  await page.goto('/jobs')
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word)
  // The list of every job stays on screen while the search runs, and is then redrawn: a click
  // meanwhile can land on whatever the redrawn list puts where the link was.
  await expect(page.getByText('1 job found')).toBeVisible()
  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: job.title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  // Without a resume the dialog warns, and leads to where one is uploaded (applying stays allowed).
  await page.getByRole('button', { name: 'Apply' }).click()
  const warned = page.getByRole('dialog', { name: `Apply for ${job.title}` })
  await expect(warned.getByText('You have not uploaded a resume, so the recruiter will see only your statement.')).toBeVisible()
  await expect(warned.getByRole('link', { name: 'Upload a resume' })).toHaveAttribute('href', /^\/dashboard\/settings\?next=\/job\/[^/?]+$/)
  await expect(warned.getByRole('button', { name: 'Submit Application' })).toBeEnabled()
  await expectAccessible(page)
  await warned.getByRole('button', { name: 'Cancel' }).click()
  await expect(warned).toHaveCount(0)

  // The resume goes in through the API with the applicant's own token.
  const upload = await page.request.post('/api/v1/upload/uploadResume', {
    headers: bearer,
    multipart: { resume: { name: 'asha-iyer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Asha Iyer resume\n%%EOF\n') } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await page.getByRole('button', { name: 'Apply' }).click()
  const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
  const sop = dialog.getByLabel('Statement of Purpose')
  await expect(sop).toBeFocused()
  await expect(dialog.getByText('19 / 250 words')).toBeVisible()
  // The dialog names the resume that goes with the application.
  await expect(dialog.getByText(/^Your resume:/)).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'asha-iyer.pdf' })).toHaveAttribute('target', '_blank')
  await expect(dialog.getByText('You have not uploaded a resume', { exact: false })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'Change your resume' })).toHaveAttribute('href', /^\/dashboard\/settings\?next=\/job\/[^/?]+$/)
  await expectAccessible(page)
  const statement = 'I have kept payment systems running for six years and I enjoy on-call work.'
  await sop.fill(statement)
  await expect(dialog.getByText('14 / 250 words')).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Job Applied Successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled()
  await expect(page.getByText('Your application was sent to the recruiter.')).toBeFocused()
  await expectAccessible(page)
  // Still "Applied" after a reload: the applicant's applications say so.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled()

  // A second applicant, with no resume, applies through the API; the recruiter rejects them below.
  const jobId = new URL(page.url()).pathname.split('/').pop()!
  const otherApi = (await browser.newContext()).request
  const other = await signUp(otherApi, 'Applicant', 'recruiting-second', PASSWORD)
  await ok(await otherApi.post(`/api/v1/jobs/apply/${jobId}`, { headers: { Authorization: `Bearer ${other.token}` }, data: { sop: 'I would like to learn on the job.' } }), 201)

  const rp = recruiter.page
  await rp.goto('/dashboard/my-jobs')
  await rp.getByRole('link', { name: `Applications for ${job.title}` }).click()
  await expect(rp.getByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
  // The board first; the list view has each application in full, with Shortlist and Reject.
  await rp.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click()
  const entry = rp.getByRole('article', { name: applicant.name })
  await expect(entry).toContainText(statement)
  const resume = entry.getByRole('link', { name: `Resume of ${applicant.name}` })
  await expect(resume).toHaveAttribute('target', '_blank')
  const resumeFile = await rp.request.get((await resume.getAttribute('href'))!)
  expect(resumeFile.status()).toBe(200)
  expect(resumeFile.headers()['content-disposition']).toMatch(/^inline; /)
  expect((await resumeFile.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(entry.getByRole('link', { name: applicant.email })).toHaveAttribute('href', `mailto:${applicant.email}`)
  const today = todayAtAnyTime()
  await expect(entry.getByText('Applied on', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(today)
  await expect(entry.getByText('Skills', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Kubernetes, Incident Response')
  await expectAccessible(rp)
  await entry.getByRole('button', { name: 'Shortlist' }).click()
  const confirm = rp.getByRole('dialog', { name: 'Shortlist this applicant?' })
  await expect(confirm).toContainText(`${applicant.name} will be told by e-mail, and the decision cannot be changed.`)
  await expectAccessible(rp)
  await confirm.getByRole('button', { name: 'Shortlist' }).click()
  await expect(rp.getByText('Application status updated to Shortlisted')).toBeVisible()
  await expect(entry.getByText('Screening stage', { exact: true })).toBeVisible()
  await expect(entry.getByRole('button', { name: /^(Shortlist|Reject)$/ })).toHaveCount(0)
  // The buttons are gone; the focus is on the decision they made.
  await expect(entry.locator('p', { hasText: 'Status: Screening stage' })).toBeFocused()
  await expectAccessible(rp)

  // Reject asks too, and says the same.
  const second = rp.getByRole('article', { name: 'Jo Bs' })
  await expect(second).toContainText('No resume uploaded')
  await second.getByRole('button', { name: 'Reject' }).click()
  const rejecting = rp.getByRole('dialog', { name: 'Reject this applicant?' })
  await expect(rejecting).toContainText('Jo Bs will be told by e-mail, and the decision cannot be changed.')
  await expect(rejecting.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectAccessible(rp)
  await rejecting.getByRole('button', { name: 'Reject' }).click()
  await expect(rp.getByText('Application status updated to Rejected')).toBeVisible()
  await expect(second.locator('p', { hasText: 'Status: Not selected' })).toBeFocused()
  await expect(second.getByRole('button', { name: /^(Shortlist|Reject)$/ })).toHaveCount(0)
  await expectAccessible(rp)

  await sidebar(rp).getByRole('link', { name: 'Applications' }).click()
  await expect(rp.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  const receivedForJob = rp.getByRole('list', { name: 'Applications' }).getByRole('article').filter({ hasText: job.title })
  await expect(receivedForJob.filter({ hasText: 'Jo Bs' })).toContainText('Not selected')
  const received = receivedForJob.filter({ hasText: applicant.name })
  await expect(received).toContainText('Screening stage')
  await expect(received.getByRole('link', { name: applicant.email })).toHaveAttribute('href', `mailto:${applicant.email}`)
  await expect(received.getByText('Skills', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Kubernetes, Incident Response')
  await expect(received.getByText('Applied on', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(today)
  await expectAccessible(rp)
  // On a phone too: the e-mail wraps inside its card, and the page stays accessible.
  await rp.setViewportSize({ width: 390, height: 844 })
  const mailto = await received.getByRole('link', { name: applicant.email }).boundingBox()
  expect(mailto!.x + mailto!.width).toBeLessThanOrEqual(390)
  expect(await rp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(rp)
  // The job's chart on a phone: its labels are the page's text (14px), not text inside the drawing,
  // which shrank with it to 7px.
  await rp.goto(`/dashboard/job/applications/${jobId}`)
  const overview = rp.getByRole('region', { name: 'Overview' })
  await expect(overview.getByRole('img', { name: /^Applications per day, last 30 days/ })).toBeVisible()
  await expect(overview.locator('svg text')).toHaveCount(0)
  for (const label of [overview.getByText(/^Most in a day: \d+$/), overview.locator('figure > p').last().locator('span').first()]) {
    await expect(label).toBeVisible()
    expect(await label.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(12)
  }
  await expectAccessible(rp)

  await page.goto('/dashboard/my-profile')
  await sidebar(page).getByRole('link', { name: 'My Applications' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  const mineList = page.getByRole('list', { name: 'Applications' })
  await expect(mineList).toBeVisible()
  // Loading the list is not news: no "... Fetched Successfully" toast on every visit.
  await expect(page.getByText('Applications Fetched Successfully')).toHaveCount(0)
  const mine = page.getByRole('list', { name: 'Applications' }).getByRole('article').filter({ hasText: job.title })
  for (const text of [job.company, '₹65,000 per month']) await expect(mine).toContainText(text)
  const status = mine.getByText('Screening stage', { exact: true })
  await expect(status).toBeVisible()
  // Tailwind's green-800 on green-50.
  await expect(status).toHaveCSS('color', 'oklch(0.448 0.119 151.328)')
  await expectAccessible(page)
  await mine.getByRole('link', { name: job.title, exact: true }).click()
  await expect(page).toHaveURL(/\/job\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()

  await expectMail(applicant.email, `Your application for ${job.title} at ${job.company}`)

  await deleteJob(rp, job.title)
  // The applicant keeps the application as a record; the job has no page any more, and it says so.
  await page.goto('/dashboard/my-applications')
  const kept = page.getByRole('list', { name: 'Applications' }).getByRole('article').filter({ hasText: job.title })
  await expect(kept).toContainText('This job was removed by the recruiter')
  await expect(kept.getByRole('link')).toHaveCount(0)
  await expectAccessible(page)
})
