import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { shortDate, utcDateDaysFromNow } from './dates'
import { categoryIds, deleteJob, ok, OPEN_UNTIL, postJob, signUp, type JobFields, type Posted } from './seed'

/**
 * A guest searches the board on /jobs: a misspelt word is corrected and the matched word marked in
 * the title, the filters narrow the list and show how many each would give, and the URL keeps the
 * whole search. A recruiter posts the jobs through the API first; every job is deleted at the end,
 * as other journeys expect an empty board.
 */

const PASSWORD = 'search-journey-secret-1'
/** A word no other journey's job has, so a search for it finds only this journey's jobs. */
const WORD = `quillon${Date.now().toString(36)}`
const COMPANY = `${WORD} Labs`

let api: APIRequestContext
let recruiterToken = ''
let engineering = ''
const posted: Posted[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiterToken = (await signUp(api, 'Recruiter', 'search', PASSWORD)).token
  const categories = await categoryIds(api)
  engineering = categories.Engineering
  const jobs: JobFields[] = [
    { title: 'Backend Engineer', company: COMPANY, location: 'Pune', jobType: 'Full-time', categoryName: engineering, salary: 90000 },
    { title: 'Frontend Engineer Intern', company: COMPANY, location: 'Pune', jobType: 'Internship', categoryName: engineering, salary: 20000 },
    { title: 'Data Analyst', company: COMPANY, location: 'Mumbai', jobType: 'Full-time', categoryName: categories.Finance, salary: 60000 },
    // Closed since a month ago: listed only when closed jobs are asked for.
    {
      title: 'Legacy Systems Engineer',
      company: COMPANY,
      location: 'Pune',
      jobType: 'Full-time',
      categoryName: engineering,
      salary: 95000,
      dateOfPosting: utcDateDaysFromNow(-60),
      deadline: utcDateDaysFromNow(-30),
    },
  ]
  for (const job of jobs) posted.push(await postJob(api, recruiterToken, job))

  // The search index follows the database a moment behind: wait until it has every job (with its
  // facets, so the index, not the database's stand-in, answers).
  await expect
    .poll(async () => {
      const page = await ok<{ total: number; facets?: unknown }>(await api.get(`/api/v1/jobs/alljobs?q=${WORD}`))
      return page.facets ? page.total : -1
    }, { timeout: 30_000, message: 'the search index has the four jobs' })
    .toBe(4)
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiterToken, job)
  await api.dispose()
})

/** The results' titles: each card's heading link (a card also links its company). */
const results = (page: Page) => page.getByRole('list', { name: 'Results' }).getByRole('heading').getByRole('link')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search jobs' })
const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Category' })
const jobType = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true })
const option = (page: Page, name: string) => categorySelect(page).locator('option', { hasText: name })
/** The titles listed, in any order (equal matches come newest first), once the list shows them. */
const expectTitles = (page: Page, titles: string[]) =>
  expect.poll(async () => (await results(page).allInnerTexts()).sort()).toEqual([...titles].sort())

test('a misspelt word is searched as the jobs spell it, and the matched word of each title is marked', async ({ page }) => {
  await page.goto('/jobs')
  await expect(page.getByText(/^\d+ jobs? found$/)).toBeVisible()
  await searchBox(page).pressSequentially('enginer', { delay: 40 })
  await expect(page).toHaveURL(/\/jobs\?q=enginer$/)

  const correction = page.getByText('Showing results for engineer. Search instead for enginer', { exact: true })
  await expect(correction).toBeVisible()
  await expect(correction.locator('strong')).toHaveText('engineer')
  const backend = results(page).filter({ hasText: 'Backend Engineer' })
  await expect(backend).toHaveCount(1)
  await expect(backend.locator('mark')).toHaveText(['Engineer'])
  await expect(backend).toHaveText('Backend Engineer')
  // Open jobs only, by default: the closed engineer job is not listed.
  await expect(results(page).filter({ hasText: 'Legacy Systems Engineer' })).toHaveCount(0)
  await expectAccessible(page)

  // The words as typed are searched as typed, not by their stem: no job spells "enginer".
  await page.getByRole('button', { name: 'Search instead for enginer' }).click()
  await expect(page).toHaveURL(/\/jobs\?q=enginer&asTyped=1$/)
  await expect(searchBox(page)).toHaveValue('enginer')
  await expect(correction).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeFocused()
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
  await expect(backend).toHaveCount(0)
})

test('the filters narrow the list, show what each would give, and stay in the URL across a reload', async ({ page }) => {
  await page.goto(`/jobs?q=${WORD}`)
  await expect(page.getByText('3 jobs found')).toBeVisible()
  await expectTitles(page, ['Backend Engineer', 'Data Analyst', 'Frontend Engineer Intern'])
  await expect(jobType(page, 'Full-time (2)')).toBeVisible()
  await expect(jobType(page, 'Part-time (0)')).toBeVisible()
  await expect(jobType(page, 'Internship (1)')).toBeVisible()
  await expect(option(page, 'Engineering')).toHaveText('Engineering (2)')
  await expect(option(page, 'Finance')).toHaveText('Finance (1)')
  await expect(option(page, 'Sales')).toHaveText('Sales (0)')
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance')
  await expectAccessible(page)

  // A job type narrows the list; its own counts stay (what checking another would add), the categories' follow.
  await jobType(page, 'Internship (1)').check()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&jobType=Internship$`))
  await expectTitles(page, ['Frontend Engineer Intern'])
  await expect(page.getByText('1 job found')).toBeVisible()
  await expect(jobType(page, 'Full-time (2)')).not.toBeChecked()
  await expect(option(page, 'Engineering')).toHaveText('Engineering (1)')
  await expect(option(page, 'Finance')).toHaveText('Finance (0)')
  await jobType(page, 'Internship (1)').uncheck()
  await expect(page.getByText('3 jobs found')).toBeVisible()

  // A category narrows the list; the job types' counts follow it, its own stay.
  await categorySelect(page).selectOption(engineering)
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&category=${engineering}$`))
  await expectTitles(page, ['Backend Engineer', 'Frontend Engineer Intern'])
  await expect(jobType(page, 'Full-time (1)')).toBeVisible()
  await expect(jobType(page, 'Internship (1)')).toBeVisible()
  await expect(option(page, 'Finance')).toHaveText('Finance (1)')
  await expect(categorySelect(page)).toHaveValue(engineering)

  // Typed filters search after a pause.
  await page.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' }).fill('50000')
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&category=${engineering}&salaryMin=50000$`))
  await expectTitles(page, ['Backend Engineer'])

  // Closed jobs are listed when asked for, with a badge that says so.
  await page.getByRole('checkbox', { name: 'Show closed jobs' }).check()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&category=${engineering}&salaryMin=50000&closed=1$`))
  await expectTitles(page, ['Backend Engineer', 'Legacy Systems Engineer'])
  const legacy = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Legacy Systems Engineer' }) })
  await expect(legacy.getByText('Closed', { exact: true })).toBeVisible()
  await expectAccessible(page)

  await page.reload()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}&category=${engineering}&salaryMin=50000&closed=1$`))
  await expect(page.getByText('2 jobs found')).toBeVisible()
  await expectTitles(page, ['Backend Engineer', 'Legacy Systems Engineer'])
  await expect(searchBox(page)).toHaveValue(WORD)
  await expect(categorySelect(page)).toHaveValue(engineering)
  await expect(page.getByRole('spinbutton', { name: 'Minimum salary (₹ per month)' })).toHaveValue('50000')
  await expect(page.getByRole('checkbox', { name: 'Show closed jobs' })).toBeChecked()
  await expect(option(page, 'Engineering')).toHaveText('Engineering (2)')
  await expectAccessible(page)
})

test('on a 1366x768 desktop the filters are a rail left of the results, and the first result is whole on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto(`/jobs?q=${WORD}`)
  await expect(page.getByText('3 jobs found')).toBeVisible()
  const rail = page.getByRole('region', { name: 'Filters' })
  await expect(rail.getByRole('combobox', { name: 'Category' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0)
  const first = (await page.getByRole('list', { name: 'Results' }).getByRole('listitem').first().boundingBox())!
  expect(first.y + first.height).toBeLessThanOrEqual(768)
  const box = (await rail.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(first.x)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366)
  await expectAccessible(page)

  // The keyboard reaches the rail right after the search box, in the order it is shown.
  await searchBox(page).focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rail.getByRole('button', { name: 'Clear filters' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rail.getByRole('link', { name: 'Log in to save this search' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(categorySelect(page)).toBeFocused()
})

test('on a 390px-wide phone the search and its filters fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/jobs?q=${WORD}&jobType=Full-time&closed=1`)
  await expect(page.getByText('3 jobs found')).toBeVisible()
  await page.getByRole('button', { name: 'Filters (2)' }).click()
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'Sort by' })).toBeVisible()
  // Nothing is wider than the screen, so nothing needs scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(page)
})

test('the hero search on the landing page takes its words to /jobs, whose cards show salaries grouped the Indian way', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('search', { name: 'Jobs' })
  await hero.getByRole('searchbox', { name: 'Search jobs' }).fill(WORD)
  await expectAccessible(page)
  await hero.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}$`))
  await expect(page.getByText('3 jobs found')).toBeVisible()
  await expect(searchBox(page)).toHaveValue(WORD)
  const backend = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Backend Engineer', exact: true }) })
  await expect(backend.getByText('₹90,000 per month')).toBeVisible()
  await expect(backend.getByText('Posted today')).toBeVisible()
  await expect(backend.getByText(`Apply by ${shortDate(OPEN_UNTIL)}`)).toBeVisible()
  await expectAccessible(page)
})

test('while the results load, placeholder cards hold their place, so the page does not shift when the cards arrive', async ({ page }) => {
  // Every layout shift the page makes, summed as the Cumulative Layout Shift is.
  await page.addInitScript(() => {
    const shifts = window as unknown as { layoutShift: number }
    shifts.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.layoutShift += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/jobs/alljobs?*', async (route) => {
    await held
    await route.continue()
  })

  // A search started in the app (a page's first results come with the page itself).
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(WORD)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(`/jobs?q=${WORD}`)
  const list = page.getByRole('list', { name: 'Results' })
  await expect(list).toHaveAttribute('aria-busy', 'true')
  await expect(list.getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Loading jobs...' })).toBeVisible()
  await expectAccessible(page)

  release()
  await expect(page.getByText('3 jobs found')).toBeVisible()
  await expect(list).toHaveAttribute('aria-busy', 'false')
  await expectTitles(page, ['Backend Engineer', 'Data Analyst', 'Frontend Engineer Intern'])
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.05)
  await expectAccessible(page)
})
