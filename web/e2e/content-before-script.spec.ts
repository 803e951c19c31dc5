import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { longDate } from './dates'
import { categoryIds, deleteJob, ok, OPEN_UNTIL, postJob, signUp, type Posted } from './seed'

/**
 * A public page's content comes in the page the server sends (docs/product.md#content-before-script):
 * with no script at all a phone shows the home page's hero, a job with its facts and description, and
 * the first results of /jobs and of a category, and its links and search box work. With script, the
 * app draws the same screens in their place from the answers the page carried, asking the server for
 * none of them again.
 */

const PASSWORD = 'content-journey-secret-1'
const WORD = `pellucid${Date.now().toString(36)}`
const PHONE = { width: 390, height: 844 }
/** A 2 x 2 PNG, a company's logo. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4wQAEJxggFAAV7gMhO7PF7gAAAABJRU5ErkJggg=='

let api: APIRequestContext
let token = ''
let email = ''
let job: Posted

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const session = await signUp(api, 'Recruiter', 'content', PASSWORD)
  token = session.token
  email = (session.user as { email?: string }).email ?? ''
  const categories = await categoryIds(api)
  job = await postJob(api, token, { title: `${WORD} Engineer`, company: 'Lumen & Co', location: 'Kochi', jobType: 'Full-time', categoryName: categories.Engineering, salary: 85000 })
})

test.afterAll(async () => {
  await deleteJob(api, token, job)
  await api.dispose()
})

/** The API requests a page makes while it loads. */
function apiRequests(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) urls.push(url.pathname)
  })
  return urls
}

/** Holds back the app's code (its loader) until the returned function is called. */
async function holdTheApp(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/boot.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('without script, public pages show their content and their links and search box work', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE })
  // The app's code never arrives (axe itself still runs in the page).
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort())
  const page = await context.newPage()

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Human Resource' })).toHaveAttribute('href', '/category/human-resource')
  await expectAccessible(page, { withoutApp: true })
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(WORD)
  await page.getByRole('button', { name: 'Search' }).click()

  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  await expect(page.getByText('1 job found')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue(WORD)
  await expectAccessible(page, { withoutApp: true })
  await page.getByRole('link', { name: `${WORD} Engineer` }).click()

  await expect(page).toHaveURL(`/job/${job._id}`)
  await expect(page.getByRole('heading', { level: 1, name: `${WORD} Engineer` })).toBeVisible()
  await expect(page.getByText('Lumen & Co', { exact: true })).toBeVisible()
  await expect(page.getByText(`Join Lumen & Co as ${WORD} Engineer.`)).toBeVisible()
  await expect(page.getByText(`Last Date to Apply: ${longDate(OPEN_UNTIL)}`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', `/login?next=/job/${job._id}`)
  await expectAccessible(page, { withoutApp: true })

  await page.goto('/category/engineering')
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible()
  await expect(page.getByRole('link', { name: `${WORD} Engineer` })).toBeVisible()
  await expectAccessible(page, { withoutApp: true })
  await context.close()
})

test("with script, the app draws the same screens from the page's answers without asking again", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  const asked = apiRequests(page)

  await page.goto(`/job/${job._id}`)
  // The app's own screen: the header's menu button exists only once the app has drawn.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `${WORD} Engineer` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toBeVisible()
  await expectAccessible(page)
  expect(asked.filter((path) => path.startsWith('/api/v1/jobs/getJob/'))).toEqual([])

  asked.length = 0
  await page.goto(`/jobs?q=${WORD}`)
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeVisible()
  await expect(page.getByRole('link', { name: `${WORD} Engineer` })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 job found' })).toBeVisible()
  await expectAccessible(page)
  expect(asked.filter((path) => path === '/api/v1/jobs/alljobs' || path === '/api/v1/jobs/showAllCategories')).toEqual([])

  // Within the app, a search is the server's answer as always.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(`${WORD} nothing`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'No jobs found for your search.' })).toBeVisible()
  expect(asked).toContain('/api/v1/jobs/alljobs')
  await context.close()
})

test("the app's code is asked for only once the page's content has painted", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  for (const path of ['/', `/job/${job._id}`, `/jobs?q=${WORD}`, '/category/engineering', '/login']) {
    await page.goto(path)
    // The app has taken over: the server's markup is gone.
    await expect(page.locator('main[data-drawn]')).toHaveCount(0)
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }))
    expect(paint, path).toBeGreaterThan(0)
    expect(scripts.length, path).toBeGreaterThan(0)
    expect(Math.min(...scripts), path).toBeGreaterThan(paint!)
  }
  await context.close()
})

/**
 * `html` as a DOM, written with each element's attributes in name order: the same DOM is the same
 * text whatever order its attributes were set in (the app sets some after the others).
 */
function canonical(page: Page, html: string) {
  return page.evaluate((html) => {
    const write = (node: Node): string => {
      if (node instanceof Element) {
        const attributes = Array.from(node.attributes).map(({ name, value }) => ` ${name}="${value}"`).sort().join('')
        return `<${node.localName}${attributes}>${Array.from(node.childNodes).map(write).join('')}</${node.localName}>`
      }
      return node.nodeType === Node.TEXT_NODE ? JSON.stringify(node.textContent) : ''
    }
    const template = document.createElement('template')
    template.innerHTML = html
    return Array.from(template.content.childNodes).map(write).join('\n')
  }, html)
}

/** The main content of `path` as the server drew it, its code never run. */
async function serverMarkup(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: PHONE })
  await context.route('**/boot.js', (route) => route.abort())
  const page = await context.newPage()
  await page.goto(path)
  const markup = await canonical(page, await page.locator('main[data-drawn]').innerHTML())
  await context.close()
  return markup
}

/** The main content of the app's first render of `path`, taken the moment it replaces the server's. */
async function appFirstRender(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: PHONE })
  await context.addInitScript(() => {
    const taken = new MutationObserver(() => {
      const main = document.querySelector('main#main-content:not([data-drawn])')
      if (!main) return
      ;(window as unknown as { firstRender: string }).firstRender = main.innerHTML
      taken.disconnect()
    })
    taken.observe(document, { childList: true, subtree: true })
  })
  const page = await context.newPage()
  await page.goto(path)
  const first = await page.waitForFunction(() => (window as unknown as { firstRender?: string }).firstRender)
  const markup = await canonical(page, (await first.jsonValue()) as string)
  await context.close()
  return markup
}

test("the server draws each screen as the app's first render draws it: one source, the app's components", async ({ browser }) => {
  const categories = await categoryIds(api)
  const closed = await postJob(api, token, { title: `${WORD} Welder`, company: 'Lumen & Co', location: 'Kochi', jobType: 'Part-time', categoryName: categories.Engineering })
  const auth = { Authorization: `Bearer ${token}` }
  await ok(await api.put(`/api/v1/jobs/closeJob/${closed._id}`, { headers: auth }))
  // The company has a profile with every part, and a logo.
  const profile = { name: 'Lumen & Co', website: 'https://lumen.example/careers', about: 'We make light.\nAnd lenses.', sizeBand: '11-50', headquarters: 'Kochi', locations: ['Kochi', 'Remote'] }
  const company = await ok<{ company: { slug: string } }>(await api.put('/api/v1/company', { headers: auth, data: profile }))
  await ok(await api.put('/api/v1/company/logo', { headers: auth, multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') } } }))
  const slug = company.company.slug
  try {
    const pages = [
      '/',
      '/login',
      `/login?next=/jobs?q=${WORD}%20%26%20more`,
      `/job/${job._id}`,
      `/job/${closed._id}`,
      '/jobs',
      `/jobs?q=${WORD}`,
      `/jobs?q=${WORD}&jobType=Part-time&closed=1&postedWithin=7`,
      `/jobs?q=${WORD}x&workMode=Remote`,
      '/category/engineering',
      `/category/engineering?q=${WORD}&sort=newest`,
      `/company/${slug}`,
      `/company/${slug}?q=${WORD}&closed=1`,
      `/jobs?q=${WORD}&company=${slug}`,
    ]
    for (const path of pages) {
      const server = await serverMarkup(browser, path)
      expect(server.length, path).toBeGreaterThan(1000)
      expect(await appFirstRender(browser, path), path).toBe(server)
    }
  } finally {
    await deleteJob(api, token, closed)
  }
})

test('what a visitor types before the app arrives is still there, and focused, once it takes over', async ({ page }) => {
  // The app's code waits until the visitor has typed.
  const release = await holdTheApp(page)
  await page.goto('/', { waitUntil: 'commit' })
  const words = page.getByRole('searchbox', { name: 'Search jobs' })
  await words.fill(WORD)
  release()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
  await expect(words).toHaveValue(WORD)
  await expect(words).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${WORD}$`))
  await expect(page.getByRole('link', { name: `${WORD} Engineer` })).toBeVisible()
  await expectAccessible(page)
})

test('the login form can be filled before the app arrives, sends nothing without it, and logs in once it has', async ({ page }) => {
  const release = await holdTheApp(page)
  await page.goto('/login', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await expectAccessible(page, { withoutApp: true })
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  // Without the app the button waits: nothing is sent, least of all the password in an address.
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled()
  await page.getByLabel('Password', { exact: true }).press('Enter')
  await expect(page).toHaveURL(/\/login$/)

  release()
  // The app has taken over: the server's markup is gone.
  await expect(page.locator('main[data-drawn]')).toHaveCount(0)
  await expect(page.getByLabel('Email Address')).toHaveValue(email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD)
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard\//)
})

