import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, createAdmin, deleteJob, ok, pageAs, postJob, signUp, type Posted, type Session } from './seed'

/**
 * The admin console (docs/product.md#admin-console): an Admin made with `jobportal create-admin` logs in and lands on the
 * overview; adds a category, renames, hides, shows and deletes it; hides a seeded recruiter's job
 * with a reason (guests lose it, its recruiter sees why) and shows it again; suspends the recruiter
 * (who can no longer log in) and reinstates them; and finds it all in the audit log. On a phone the
 * console is in the header's menu and every page fits. A recruiter has no such pages.
 */

type Person = Session & { user: { email: string } }

const PASSWORD = 'admin-console-secret-1'
const PHONE = { width: 390, height: 844 }
const word = `gannet${Date.now().toString(36)}`
const JOB_REASON = 'Asks applicants for a registration fee'
const ACCOUNT_REASON = 'Posted jobs that ask for fees'

let api: APIRequestContext
let admin: Person
let recruiter: Person
let analyst: Posted
let keeper: Posted

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  admin = await createAdmin(api, 'console', PASSWORD)
  recruiter = (await signUp(api, 'Recruiter', 'console', PASSWORD)) as Person
  const { Engineering } = await categoryIds(api)
  analyst = await postJob(api, recruiter.token, { title: `Gannet ${word} Analyst`, company: 'Gannet Fisheries', location: 'Kochi', jobType: 'Full-time', categoryName: Engineering })
  keeper = await postJob(api, recruiter.token, { title: `Tern ${word} Keeper`, company: 'Tern Lighthouses', location: 'Goa', jobType: 'Part-time', categoryName: Engineering })
})

test.afterAll(async () => {
  // A journey that stopped halfway may leave the recruiter suspended, a job hidden or a category
  // behind: the journeys after this one expect an empty board and the seeded categories.
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } }
  const { data: accounts } = await ok<{ data: { _id: string; suspendedAt: string | null }[] }>(
    await api.get(`/api/v1/admin/accounts?${new URLSearchParams({ email: recruiter.user.email })}`, asAdmin),
  )
  for (const account of accounts.filter((each) => each.suspendedAt !== null)) await api.put(`/api/v1/admin/accounts/${account._id}/reinstate`, asAdmin)
  const { token } = await ok<Session>(await api.post('/api/v1/auth/login', { data: { email: recruiter.user.email, password: PASSWORD } }))
  for (const job of [analyst, keeper]) await deleteJob(api, token, job)
  const { categories } = await ok<{ categories: { _id: string; name: string }[] }>(await api.get('/api/v1/admin/categories', asAdmin))
  for (const category of categories.filter((each) => each.name.includes(word))) await api.delete(`/api/v1/admin/categories/${category._id}`, asAdmin)
  await api.dispose()
})

/** Opens one of the console's pages from the dashboard's sidebar. */
async function openFromSidebar(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
}

async function publicCategoryNames() {
  const { categories } = await ok<{ categories: { name: string }[] }>(await api.get('/api/v1/jobs/showAllCategories'))
  return categories.map((category) => category.name)
}

async function logIn(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function guestSearchFinds(page: Page, count: number) {
  await page.goto(`/jobs?q=${word}`)
  await expect(page.getByText(count === 0 ? 'No jobs found for your search.' : count === 1 ? '1 job found' : `${count} jobs found`)).toBeVisible()
}

test('an Admin runs categories, jobs and accounts from the console, and the audit log keeps the reasons', async ({ browser }) => {
  test.setTimeout(150_000)
  const desk = await (await browser.newContext()).newPage()
  await logIn(desk, admin.user.email)
  await expect(desk).toHaveURL(/\/dashboard\/admin$/)
  await expect(desk.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(desk.getByRole('region', { name: 'Accounts' }).getByText('Recruiters', { exact: true })).toBeVisible()
  await expect(desk.getByRole('img', { name: /^Applications per day, last 30 days/ })).toBeVisible()
  await expectAccessible(desk)

  // Categories: add, rename, hide, show, delete.
  await openFromSidebar(desk, 'Categories')
  const add = desk.getByRole('region', { name: 'Add a category' })
  await add.getByLabel('Name').fill(`Falconry ${word}`)
  await add.getByLabel('Description').fill('Birds of prey, trained and cared for.')
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(desk.getByText('Category created successfully')).toBeVisible()
  const falconry = desk.getByRole('article', { name: `Falconry ${word}` })
  await expect(falconry.getByText('0 jobs')).toBeVisible()
  await expect(desk.getByRole('article', { name: 'Engineering' }).getByText('Has jobs: hide it instead')).toBeVisible()
  await expectAccessible(desk)

  await falconry.getByRole('button', { name: `Edit Falconry ${word}` }).click()
  const edit = desk.getByRole('dialog', { name: `Edit Falconry ${word}` })
  await edit.getByLabel('Name').fill(`Hawking ${word}`)
  await expectAccessible(desk)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(desk.getByText('Category updated')).toBeVisible()
  const hawking = desk.getByRole('article', { name: `Hawking ${word}` })
  await expect(hawking).toBeVisible()

  await hawking.getByRole('button', { name: `Hide Hawking ${word}` }).click()
  await expect(desk.getByText('Category hidden')).toBeVisible()
  await expect(hawking.getByText('Hidden', { exact: true })).toBeVisible()
  expect(await publicCategoryNames()).not.toContain(`Hawking ${word}`)
  await expectAccessible(desk)
  await hawking.getByRole('button', { name: `Unhide Hawking ${word}` }).click()
  await expect(desk.getByText('Category shown')).toBeVisible()
  await expect(hawking.getByText('Hidden', { exact: true })).toHaveCount(0)
  expect(await publicCategoryNames()).toContain(`Hawking ${word}`)

  await hawking.getByRole('button', { name: `Delete Hawking ${word}` }).click()
  await desk.getByRole('dialog', { name: 'Delete this category?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(desk.getByText('Category deleted')).toBeVisible()
  await expect(hawking).toHaveCount(0)
  expect(await publicCategoryNames()).not.toContain(`Hawking ${word}`)

  // Jobs: find the recruiter's job, hide it with a reason, then show it again.
  await openFromSidebar(desk, 'Manage Jobs')
  await desk.getByRole('searchbox', { name: 'Search jobs' }).fill(word)
  await desk.getByRole('button', { name: 'Search' }).click()
  await expect(desk.getByText('2 jobs found')).toBeVisible()
  const job = desk.getByRole('article', { name: analyst.title })
  await expect(job.getByText(recruiter.user.email)).toBeVisible()
  await expect(job.getByText('Open', { exact: true })).toBeVisible()
  await expectAccessible(desk)
  await job.getByRole('button', { name: `Hide ${analyst.title}` }).click()
  const hide = desk.getByRole('dialog', { name: 'Hide this job?' })
  await hide.getByRole('button', { name: 'Hide job' }).click()
  await expect(hide.getByText('A reason is required')).toBeVisible()
  await hide.getByLabel('Reason').fill(JOB_REASON)
  await expectAccessible(desk)
  await hide.getByRole('button', { name: 'Hide job' }).click()
  await expect(desk.getByText('Job hidden')).toBeVisible()
  await expect(job.getByText(`: ${JOB_REASON}`)).toBeVisible()
  await expect(job.getByText('Hidden', { exact: true })).toBeVisible()
  await expectAccessible(desk)

  const guest = await (await browser.newContext()).newPage()
  await guestSearchFinds(guest, 1)
  await expect(guest.getByRole('link', { name: analyst.title })).toHaveCount(0)
  await guest.goto(`/job/${analyst._id}`)
  await expect(guest.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expectAccessible(guest)

  const owner = await pageAs(browser, recruiter)
  await owner.goto('/dashboard/my-jobs')
  await expect(owner.getByText(`Hidden by an admin: ${JOB_REASON}`)).toBeVisible()
  await expectAccessible(owner)

  await job.getByRole('button', { name: `Unhide ${analyst.title}` }).click()
  await expect(desk.getByText('Job shown')).toBeVisible()
  await expect(job.getByText('Open', { exact: true })).toBeVisible()
  await guestSearchFinds(guest, 2)

  // Accounts: suspend the recruiter (who is logged out and cannot log in), then reinstate them.
  await openFromSidebar(desk, 'Accounts')
  await desk.getByRole('searchbox', { name: 'E-mail' }).fill(recruiter.user.email.toUpperCase())
  await desk.getByRole('button', { name: 'Search' }).click()
  await expect(desk.getByText('1 account found')).toBeVisible()
  const account = desk.getByRole('article', { name: 'Jo Bs' })
  await expect(account.getByText('Recruiter', { exact: true })).toBeVisible()
  await account.getByRole('button', { name: `Suspend ${recruiter.user.email}` }).click()
  const suspend = desk.getByRole('dialog', { name: 'Suspend this account?' })
  await suspend.getByLabel('Reason').fill(ACCOUNT_REASON)
  await suspend.getByRole('button', { name: 'Suspend' }).click()
  await expect(desk.getByText('Account suspended')).toBeVisible()
  await expect(account.getByText('Suspended', { exact: true })).toBeVisible()
  await expect(account.getByText(`: ${ACCOUNT_REASON}`)).toBeVisible()
  await expectAccessible(desk)

  await guestSearchFinds(guest, 0)
  await owner.goto('/dashboard/my-jobs')
  await expect(owner.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  const shut = await (await browser.newContext()).newPage()
  await logIn(shut, recruiter.user.email)
  await expect(shut.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('This account has been suspended')
  await expect(shut).toHaveURL(/\/login$/)
  // Below the server's words, what to do next: write to the site's address, or see Contact.
  const help = shut.getByRole('region', { name: 'What you can do' })
  await expect(help).toContainText('An administrator suspended this account; the e-mail we sent you gives the reason. If you think it is a mistake, write to')
  await expect(help.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
  await expect(help.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact')
  await expectAccessible(shut)

  await account.getByRole('button', { name: `Reinstate ${recruiter.user.email}` }).click()
  await expect(desk.getByText('Account reinstated')).toBeVisible()
  await expect(account.getByText('Suspended', { exact: true })).toHaveCount(0)
  await logIn(shut, recruiter.user.email)
  await expect(shut.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
  await guestSearchFinds(guest, 2)

  // The audit log: each action in words, with its target and its reason.
  await openFromSidebar(desk, 'Audit Log')
  const rows = desk.getByRole('table').getByRole('row')
  // The action's cell exactly: "Hid job" is also part of "Unhid job".
  const entry = (action: string, target: string) => rows.filter({ has: desk.getByRole('cell', { name: action, exact: true }) }).filter({ hasText: target })
  for (const action of ['Added category', 'Edited category', 'Hid category', 'Unhid category', 'Deleted category']) {
    await expect(entry(action, word)).toHaveCount(1)
  }
  await expect(entry('Hid job', analyst.title)).toContainText(JOB_REASON)
  await expect(entry('Unhid job', analyst.title)).toHaveCount(1)
  await expect(entry('Suspended account', recruiter.user.email)).toContainText(ACCOUNT_REASON)
  await expect(entry('Reinstated account', recruiter.user.email)).toHaveCount(1)
  await expect(entry('Hid job', analyst.title)).toContainText(admin.user.email)
  await expectAccessible(desk)

  // To a recruiter the console does not exist.
  const stranger = await pageAs(browser, await ok<Person>(await api.post('/api/v1/auth/login', { data: { email: recruiter.user.email, password: PASSWORD } })))
  await stranger.goto('/dashboard/admin')
  await expect(stranger.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expect(stranger.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit Log' })).toHaveCount(0)
})

test('on a phone the console is in the header\'s menu, a job is hidden and shown, and every page fits', async ({ browser }) => {
  test.setTimeout(120_000)
  const phone = await pageAs(browser, admin, PHONE)
  await phone.goto('/dashboard/admin')
  await expect(phone.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await fitsThePhone(phone)
  await expectAccessible(phone)

  await phone.getByRole('button', { name: 'Open menu' }).click()
  const menu = phone.getByRole('navigation', { name: 'Mobile' }).getByRole('list', { name: 'Dashboard' })
  await expect(menu.getByRole('link')).toHaveText(['My Profile', 'Overview', 'Categories', 'Manage Jobs', 'Accounts', 'Companies', 'Audit Log', 'Settings'])
  await menu.getByRole('link', { name: 'Manage Jobs', exact: true }).click()
  await expect(phone.getByRole('heading', { level: 1, name: 'Manage Jobs' })).toBeVisible()
  await phone.getByRole('searchbox', { name: 'Search jobs' }).fill(keeper.title)
  await phone.getByRole('button', { name: 'Search' }).click()
  await expect(phone.getByText('1 job found')).toBeVisible()
  const job = phone.getByRole('article', { name: keeper.title })
  await job.getByRole('button', { name: `Hide ${keeper.title}` }).click()
  const hide = phone.getByRole('dialog', { name: 'Hide this job?' })
  await hide.getByLabel('Reason').fill(JOB_REASON)
  await fitsThePhone(phone)
  await expectAccessible(phone)
  await hide.getByRole('button', { name: 'Hide job' }).click()
  await expect(phone.getByText('Job hidden')).toBeVisible()
  await expect(job.getByText(`: ${JOB_REASON}`)).toBeVisible()
  await phone.getByRole('checkbox', { name: 'Hidden only' }).check()
  await expect(phone).toHaveURL(/hidden=true/)
  await fitsThePhone(phone)
  await expectAccessible(phone)
  await job.getByRole('button', { name: `Unhide ${keeper.title}` }).click()
  await expect(phone.getByText('Job shown')).toBeVisible()
  await expect(phone.getByText('No jobs found.')).toBeVisible()

  for (const [path, heading] of [
    ['/dashboard/admin/categories', 'Categories'],
    [`/dashboard/admin/accounts?email=${encodeURIComponent(recruiter.user.email)}`, 'Accounts'],
    ['/dashboard/admin/audit', 'Audit Log'],
  ]) {
    await phone.goto(path)
    await expect(phone.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(phone.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    await fitsThePhone(phone)
    await expectAccessible(phone)
  }
  // The audit log (the last page above): every column at a readable width, an e-mail on one line, in
  // a region that scrolls sideways, says so, and takes the keyboard's focus.
  await expect(phone.getByText('Scroll the table sideways to see every column.')).toBeVisible()
  const log = phone.getByRole('region', { name: /^Audit log, page 1 of/ })
  expect(await log.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true)
  const email = log.getByRole('cell', { name: admin.user.email }).first()
  const lineHeight = await email.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight))
  const box = (await email.boundingBox())!
  // One line of text plus the cell's padding (8px above and below).
  expect(box.height).toBeLessThan(lineHeight * 2)
  await log.focus()
  await expect(log).toBeFocused()
  await phone.keyboard.press('ArrowRight')
  await expect.poll(() => log.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0)
  await expectAccessible(phone)
})
