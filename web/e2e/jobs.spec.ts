import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, postJob as post, signUp, type JobFields, type Posted } from './seed'

/**
 * The server has no job-posting screen yet, so a recruiter made through the real signup calls posts
 * the jobs through the API. Every job is deleted at the end: other journeys expect an empty board.
 */

const PASSWORD = 'jobs-journey-secret-1'

let api: APIRequestContext
let recruiterToken = ''
const posted: Posted[] = []

const account = (accountType: 'Applicant' | 'Recruiter') => signUp(api, accountType, 'jobs', PASSWORD)

async function postJob(categoryId: string, fields: Omit<JobFields, 'categoryName'>) {
  const job = await post(api, recruiterToken, { ...fields, categoryName: categoryId })
  posted.push(job)
  return job
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiterToken = (await account('Recruiter')).token
  const engineering = (await categoryIds(api)).Engineering

  await postJob(engineering, { title: 'Rust Backend Engineer', company: 'Zephyrine Robotics', location: 'Pune', jobType: 'Full-time' })
  await postJob(engineering, { title: 'Data Analyst Intern', company: 'Zephyrine Analytics', location: 'Bengaluru', jobType: 'Internship' })
  await postJob(engineering, { title: 'Weekend Support Associate', company: 'Marigold Retail', location: 'Delhi', jobType: 'Part-time' })
  await postJob(engineering, {
    title: 'Archive Clerk',
    company: 'Bygone Records',
    location: 'Mumbai',
    jobType: 'Full-time',
    dateOfPosting: '2026-01-01',
    deadline: '2026-02-01',
  })
  for (let n = 1; n <= 21; n++) {
    await postJob(engineering, { title: `Kestrel Driver ${n}`, company: 'Kestrel Logistics', location: 'Chennai', jobType: 'Full-time' })
  }
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiterToken, job)
  await api.dispose()
})

const results = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('link')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search jobs' })

test('a word of a company finds its jobs, a type narrows them, and a reload keeps the search', async ({ page }) => {
  // Six pages checked with axe, a reload and a visit: longer than the default on a busy machine.
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
  // Typing nine letters searched once, after the pause; only open jobs are asked for.
  expect(searches).toEqual(['?openOnly=true&page=1&limit=20', '?q=zephyrine&openOnly=true&page=1&limit=20'])
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
  for (const text of ['Zephyrine Analytics', 'Bengaluru', 'Internship', '₹42000 per month', 'Engineering', 'Join Zephyrine Analytics as Data Analyst Intern.', 'teamwork', 'english']) {
    await expect(page.getByRole('main').getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('Last Date to Apply: 31 December 2099')).toBeVisible()
  // A guest is not offered Apply.
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
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
  await expect(page.getByText('Last Date to Apply: 31 December 2099')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled()
  await expectAccessible(page)
})

test('a job that does not exist shows the 404 page', async ({ page }) => {
  await page.goto('/job/no-such-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expectAccessible(page)
})
