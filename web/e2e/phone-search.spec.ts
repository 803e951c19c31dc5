import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { utcDateDaysFromNow } from './dates'
import { categoryIds, deleteJob, ok, postJob, signUp, type JobFields, type Posted } from './seed'

/**
 * A guest searches on a phone held upright (390 by 844): the count and the first result are on the
 * first screen, the filters wait in a sheet opened from the keyboard, and a category's page is the
 * same search of that category's open jobs, paged. A recruiter posts the jobs through the API first;
 * every job is deleted at the end, as other journeys expect an empty board.
 */

const PHONE = { width: 390, height: 844 }
const PASSWORD = 'phone-search-journey-secret-1'
/** A word no other journey's job has, so a search for it finds only this journey's jobs. */
const WORD = `pavise${Date.now().toString(36)}`
/** A category no other journey posts in. */
const CATEGORY = 'Consulting'
/** Open jobs of the category: more than a page of 20. */
const OPEN = 22
const CLOSED_TITLE = `Retired ${WORD} Adviser`

let api: APIRequestContext
let recruiterToken = ''
const posted: Posted[] = []

test.use({ viewport: PHONE })

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000)
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiterToken = (await signUp(api, 'Recruiter', 'phone-search', PASSWORD)).token
  const category = (await categoryIds(api))[CATEGORY]
  const jobs: JobFields[] = Array.from({ length: OPEN }, (_, i) => ({
    title: `${i < 2 ? 'Junior' : 'Senior'} ${WORD} Consultant ${i + 1}`,
    company: `${WORD} Partners`,
    location: 'Pune',
    jobType: i < 2 ? 'Internship' : 'Full-time',
    categoryName: category,
  }))
  // Closed since a month ago: never listed unless closed jobs are asked for.
  jobs.push({
    title: CLOSED_TITLE,
    company: `${WORD} Partners`,
    location: 'Pune',
    jobType: 'Full-time',
    categoryName: category,
    dateOfPosting: utcDateDaysFromNow(-60),
    deadline: utcDateDaysFromNow(-30),
  })
  for (const job of jobs) posted.push(await postJob(api, recruiterToken, job))

  // The search index follows the database a moment behind: wait until it has every job.
  await expect
    .poll(async () => (await ok<{ total: number; facets?: unknown }>(await api.get(`/api/v1/jobs/alljobs?q=${WORD}`))).total, {
      timeout: 30_000,
      message: 'the search index has the jobs',
    })
    .toBe(OPEN + 1)
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiterToken, job)
  await api.dispose()
})

const cards = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('listitem')

/**
 * Whether the element is whole within the first screen, without scrolling. Retried, as other
 * assertions are: the app taking over a server-drawn page replaces the element once.
 */
async function expectOnFirstScreen(element: Locator) {
  expect(await element.page().evaluate(() => window.scrollY)).toBe(0)
  await expect(element).toBeInViewport({ ratio: 1 })
}

test('on a phone the count and the first result are on the first screen, and the filters open in a sheet from the keyboard', async ({ page }) => {
  await page.goto(`/jobs?q=${WORD}`)
  // The app has taken over the page the server drew (its Filters button is the app's own).
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
  const count = page.getByText(`${OPEN} jobs found`)
  await expect(count).toBeVisible()
  await expectOnFirstScreen(count)
  await expectOnFirstScreen(cards(page).first())
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)

  // From the search box, Tab passes the Search button to the Filters button.
  const filters = page.getByRole('button', { name: 'Filters', exact: true })
  await page.getByRole('searchbox', { name: 'Search jobs' }).focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(filters).toBeFocused()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused()
  await expect(sheet.getByRole('button', { name: `Show ${OPEN} jobs` })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)

  // Escape closes it and gives the focus back.
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(filters).toBeFocused()

  // A filter applies at once; the sheet's button closes it onto the results.
  await page.keyboard.press('Enter')
  await sheet.getByRole('checkbox', { name: 'Internship (2)' }).check()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&jobType=Internship$`))
  await sheet.getByRole('button', { name: 'Show 2 jobs' }).press('Enter')
  await expect(sheet).toHaveCount(0)
  const oneFilter = page.getByRole('button', { name: 'Filters (1)' })
  await expect(oneFilter).toBeFocused()
  await expect(page.getByText('2 jobs found')).toBeVisible()
  await expect(cards(page)).toHaveCount(2)
  await expectAccessible(page)

  // Clear filters keeps the words.
  await page.keyboard.press('Enter')
  await sheet.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}$`))
  await expect(sheet.getByRole('checkbox', { name: /^Internship/ })).not.toBeChecked()
  await expectAccessible(page)
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(filters).toBeFocused()
  await expect(page.getByText(`${OPEN} jobs found`)).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue(WORD)
})

test("on a phone a category's page lists only its open jobs, twenty to a page", async ({ page }) => {
  await page.goto(`/category/${CATEGORY.toLowerCase()}`)
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible()
  await expect(page).toHaveTitle(`${CATEGORY} jobs | jobportal`)
  await expect(page.getByText(`${OPEN} jobs found`)).toBeVisible()
  await expect(cards(page)).toHaveCount(20)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(page.getByRole('link', { name: CLOSED_TITLE })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Results' }).getByText('Closed', { exact: true })).toHaveCount(0)
  await expectOnFirstScreen(page.getByText(`${OPEN} jobs found`))
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(new RegExp(`/category/${CATEGORY.toLowerCase()}\\?page=2$`))
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(cards(page)).toHaveCount(OPEN - 20)
  await expect(page.getByRole('link', { name: CLOSED_TITLE })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeFocused()
  await expectAccessible(page)

  // The category's filters open in the same sheet; its category is where the search is, not a filter.
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet.getByRole('combobox', { name: 'Category' })).toHaveValue((await categoryIds(api))[CATEGORY])
  await sheet.getByRole('checkbox', { name: 'Show closed jobs' }).check()
  await sheet.getByRole('button', { name: `Show ${OPEN + 1} jobs` }).click()
  await expect(page).toHaveURL(new RegExp(`/category/${CATEGORY.toLowerCase()}\\?closed=1$`))
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
  await expectAccessible(page)
})
