import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { dateInputDaysFromNow, longDate, shortDate, utcDateDaysFromNow } from './dates'
import { categoryIds, deleteJob, logInAs, ok, OPEN_UNTIL, postJob as post, signUp, type JobFields, type Posted, type Session } from './seed'

/**
 * A recruiter made through the real signup calls seeds the jobs through the API (the last journey
 * here posts one more through the Add Job form). Every job is deleted at the end: other journeys
 * expect an empty board.
 */

const PASSWORD = 'jobs-journey-secret-1'

let api: APIRequestContext
let recruiter: Session
let recruiterToken = ''
const posted: Posted[] = []
/** The recruiter's company in their profile, which Add Job fills in. */
const COMPANY = `Osprey${Date.now().toString(36)} Works`

const account = (accountType: 'Applicant' | 'Recruiter') => signUp(api, accountType, 'jobs', PASSWORD)

async function postJob(categoryId: string, fields: Omit<JobFields, 'categoryName'>) {
  const job = await post(api, recruiterToken, { ...fields, categoryName: categoryId })
  posted.push(job)
  return job
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await account('Recruiter')
  recruiterToken = recruiter.token
  await ok(
    await api.post('/api/v1/auth/updateUserDetails', {
      headers: { Authorization: `Bearer ${recruiterToken}` },
      data: { firstName: 'Jo', lastName: 'Bs', company: COMPANY, position: 'Hiring Manager', contactNumber: '9876543210' },
    }),
  )
  const engineering = (await categoryIds(api)).Engineering

  await postJob(engineering, { title: 'Rust Backend Engineer', company: 'Zephyrine Robotics', location: 'Pune', jobType: 'Full-time' })
  await postJob(engineering, { title: 'Data Analyst Intern', company: 'Zephyrine Analytics', location: 'Bengaluru', jobType: 'Internship' })
  await postJob(engineering, { title: 'Weekend Support Associate', company: 'Marigold Retail', location: 'Delhi', jobType: 'Part-time' })
  await postJob(engineering, {
    title: 'Archive Clerk',
    company: 'Bygone Records',
    location: 'Mumbai',
    jobType: 'Full-time',
    // Posted two months ago, closed to applications since a month ago.
    dateOfPosting: utcDateDaysFromNow(-60),
    deadline: utcDateDaysFromNow(-30),
  })
  for (let n = 1; n <= 21; n++) {
    await postJob(engineering, { title: `Kestrel Driver ${n}`, company: 'Kestrel Logistics', location: 'Chennai', jobType: 'Full-time' })
  }
})

test.afterAll(async () => {
  // The seeded jobs, and any the journeys posted through the form.
  const { data } = await ok<{ data: Posted[] }>(await api.get('/api/v1/jobs/getAllJobs', { headers: { Authorization: `Bearer ${recruiterToken}` } }))
  for (const job of data) await deleteJob(api, recruiterToken, job)
  await api.dispose()
})

/** The results' titles: each card's heading link (a card also links its company). */
const results = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('heading').getByRole('link')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search jobs' })

test('a word of a company finds its jobs, a type narrows them, and a reload keeps the search', async ({ page }) => {
  // Five pages checked with axe, a reload and a visit: longer than the default on a busy machine.
  test.setTimeout(60_000)
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/jobs/alljobs')) searches.push(new URL(request.url()).search)
  })
  await page.goto('/jobs')
  await expect(page.getByText(/^\d+ jobs found$/)).toBeVisible()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await expectAccessible(page)

  await searchBox(page).pressSequentially('zephyrine', { delay: 40 })
  await expect(page).toHaveURL(/\/jobs\?q=zephyrine$/)
  await expect(page.getByText('2 jobs found')).toBeVisible()
  expect((await results(page).allInnerTexts()).sort()).toEqual(['Data Analyst Intern', 'Rust Backend Engineer'])
  // Each card says how fresh the job is and until when it takes applications.
  const intern = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Data Analyst Intern' }) })
  await expect(intern.getByText('Posted today')).toBeVisible()
  await expect(intern.getByText(`Apply by ${shortDate(OPEN_UNTIL)}`)).toBeVisible()
  await expect(intern.getByText('₹42,000 per month')).toBeVisible()
  // The first page of open jobs came with the page (docs/product.md#content-before-script); typing
  // nine letters searched once, after the pause; only open jobs are asked for.
  expect(searches).toEqual(['?q=zephyrine&openOnly=true&page=1&limit=20'])
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole('checkbox', { name: 'Internship' }).check()
  await expect(page).toHaveURL(/\/jobs\?q=zephyrine&jobType=Internship$/)
  await expect(results(page)).toHaveText(['Data Analyst Intern'])
  await expect(page.getByText('1 job found')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Full-time' }).check()
  await expect(page).toHaveURL(/\/jobs\?q=zephyrine&jobType=Internship&jobType=Full-time$/)
  await expect(results(page)).toHaveCount(2)
  await page.getByRole('checkbox', { name: 'Full-time' }).uncheck()
  await expect(results(page)).toHaveText(['Data Analyst Intern'])
  await expectAccessible(page)

  await page.reload()
  await expect(results(page)).toHaveText(['Data Analyst Intern'])
  await expect(searchBox(page)).toHaveValue('zephyrine')
  await expect(page.getByRole('checkbox', { name: 'Internship' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Full-time' })).not.toBeChecked()
  await expectAccessible(page)

  await results(page).first().click()
  await expect(page).toHaveURL(/\/job\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Data Analyst Intern' })).toBeVisible()
  await expect(page).toHaveTitle('Data Analyst Intern | jobportal')
  for (const text of ['Zephyrine Analytics', 'Bengaluru', 'Internship', '₹42,000 per month', 'Engineering', 'Join Zephyrine Analytics as Data Analyst Intern.', 'teamwork', 'english']) {
    await expect(page.getByRole('main').getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByText(`Last Date to Apply: ${longDate(OPEN_UNTIL)}`)).toBeVisible()
  // A guest is not offered Apply, but a login that comes back to this job.
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  const jobPath = new URL(page.url()).pathname
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', `/login?next=${jobPath}`)
  await expectAccessible(page)

  await page.goBack()
  await expect(searchBox(page)).toHaveValue('zephyrine')
  await expect(results(page)).toHaveText(['Data Analyst Intern'])
})

test('the pages of a long result are reached with Next and Previous, and the page is in the URL', async ({ page }) => {
  await page.goto('/jobs?q=kestrel')
  await expect(page.getByText('21 jobs found')).toBeVisible()
  await expect(results(page)).toHaveCount(20)
  const paging = page.getByRole('navigation', { name: 'Pagination' })
  await expect(paging.getByText('Page 1 of 2')).toBeVisible()
  await expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await expectAccessible(page)

  await paging.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/jobs\?q=kestrel&page=2$/)
  await expect(paging.getByText('Page 2 of 2')).toBeVisible()
  await expect(results(page)).toHaveCount(1)
  await expect(results(page)).toHaveText(/^Kestrel Driver \d+$/)
  await expect(paging.getByRole('button', { name: 'Next page' })).toBeDisabled()
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeFocused()
  await expectAccessible(page)

  await page.reload()
  await expect(paging.getByText('Page 2 of 2')).toBeVisible()
  await paging.getByRole('button', { name: 'Previous page' }).click()
  await expect(page).toHaveURL(/\/jobs\?q=kestrel$/)
  await expect(results(page)).toHaveCount(20)
})

test('a search that matches nothing says so', async ({ page }) => {
  await page.goto('/jobs?q=nonexistentword&jobType=Part-time')
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Part-time' })).toBeChecked()
  await expectAccessible(page)
})

test('a job whose deadline has passed says so in red and offers no Apply, even to an applicant', async ({ page }) => {
  const applicant = await account('Applicant')
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token)
    localStorage.setItem('user', JSON.stringify(user))
  }, applicant)

  // A closed job is left out of the list until closed jobs are asked for, and then it says so.
  await page.goto('/jobs')
  await searchBox(page).fill('bygone')
  await expect(page).toHaveURL(/\/jobs\?q=bygone$/)
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Show closed jobs' }).check()
  await expect(page).toHaveURL(/\/jobs\?q=bygone&closed=1$/)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Archive Clerk' }) })
  await expect(card.getByText('Closed', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await card.getByRole('link', { name: 'Archive Clerk' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Archive Clerk' })).toBeVisible()
  const notice = page.getByText('No longer accepting applications')
  await expect(notice).toBeVisible()
  await expect(notice).toHaveCSS('color', 'oklch(0.505 0.213 27.518)')
  await expect(page.getByText(/Last Date to Apply/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expectAccessible(page)

  // The same applicant is offered Apply on a job that is still open.
  const open = posted.find((job) => job.title === 'Rust Backend Engineer')!
  await page.goto(`/job/${open._id}`)
  await expect(page.getByText(`Last Date to Apply: ${longDate(OPEN_UNTIL)}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled()
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expectAccessible(page)
})

test('a guest on a job page is offered "Log in to apply", which opens the login', async ({ page }) => {
  const open = posted.find((job) => job.title === 'Rust Backend Engineer')!
  await page.goto(`/job/${open._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Rust Backend Engineer' })).toBeVisible()
  const login = page.getByRole('link', { name: 'Log in to apply' })
  await expect(login).toHaveAttribute('href', `/login?next=/job/${open._id}`)
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expectAccessible(page)
  await login.click()
  await expect(page).toHaveURL(new RegExp(`/login\\?next=(/|%2F)job(/|%2F)${open._id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
})

test('the recruiter who posted a job sees Edit and Applications on its page, and Edit opens the job in Edit Job', async ({ page }) => {
  await logInAs(page, recruiter)
  const own = posted.find((job) => job.title === 'Weekend Support Associate')!
  await page.goto(`/job/${own._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend Support Associate' })).toBeVisible()
  await expect(page.getByText('0 of 10 applications received')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', `/dashboard/job/applications/${own._id}`)
  const edit = page.getByRole('link', { name: 'Edit' })
  await expect(edit).toHaveAttribute('href', `/dashboard/edit-job/${own._id}`)
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveCount(0)
  await expectAccessible(page)

  await edit.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Job' })).toBeVisible()
  await expect(page.getByLabel('Max Applicants')).toHaveValue('10')
  await page.goBack()
  await page.getByRole('link', { name: 'Applications' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/job/applications/${own._id}$`))
  await expect(page.getByText('No applications found for this job.')).toBeVisible()
  await expectAccessible(page)
})

test('Add Job comes with the company from the profile and today as the posting date, and takes skills as tags', async ({ page }) => {
  test.setTimeout(60_000)
  await logInAs(page, recruiter)
  await page.goto('/dashboard/add-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
  await expect(page.getByLabel('Company Name')).toHaveValue(COMPANY)
  // Today in the machine's own calendar, which the journey's browser shares.
  await expect(page.getByLabel('Date of Posting')).toHaveValue(dateInputDaysFromNow(0))
  await expectAccessible(page)

  const skills = page.getByLabel('Skillsets', { exact: true })
  await skills.fill('Machine Learning')
  await skills.press('Enter')
  await skills.pressSequentially('Rust,Data Analysis,', { delay: 20 })
  const tags = page.getByRole('list', { name: 'Skillsets added' }).getByRole('listitem')
  await expect(tags).toHaveText(['Machine Learning', 'Rust', 'Data Analysis'])
  await page.getByRole('button', { name: 'Remove Rust' }).click()
  await expect(tags).toHaveText(['Machine Learning', 'Data Analysis'])
  await expect(skills).toBeFocused()
  await expectAccessible(page)

  await page.getByLabel('Job Title').fill('Osprey Data Scientist')
  await page.getByLabel('Job Description').fill('Models for the fleet.')
  await page.getByLabel('Max Applicants').fill('5')
  await page.getByLabel('Max Positions').fill('1')
  await page.getByLabel('Application Deadline').fill(dateInputDaysFromNow(90))
  await page.getByLabel('Job Type').selectOption('Full-time')
  await page.getByLabel('Salary (₹ per month)').fill('240000')
  await page.getByLabel('Category').selectOption({ label: 'Engineering' })
  await page.getByLabel('Location', { exact: true }).fill('Kochi')
  await page.getByRole('button', { name: 'Add Job' }).click()
  await expect(page.getByText('Job Added Successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-jobs$/)

  const card = page.getByRole('list', { name: 'Jobs' }).getByRole('article').filter({ hasText: 'Osprey Data Scientist' })
  await expect(card).toContainText(COMPANY)
  await expect(card).toContainText('₹2,40,000 per month')
  await expect(card).toContainText('Posted today')
  await card.getByRole('link', { name: 'Osprey Data Scientist', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Osprey Data Scientist' })).toBeVisible()
  // "Machine Learning" is one skill, not two.
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(['Machine Learning', 'Data Analysis'])
  await expectAccessible(page)
})

test('a job that does not exist shows the 404 page', async ({ page }) => {
  await page.goto('/job/no-such-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expectAccessible(page)
})
