import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'

const SEVEN = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const ELEVEN = [...SEVEN, 'Business Development', 'Accounting', 'Research', 'Consulting']

test("the landing page shows seven job-area shortcuts, eleven after Show More, and a shortcut leads to that category's page", async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  const shortcuts = page.getByRole('region', { name: 'Explore jobs by area' }).getByRole('link')
  await expect(shortcuts).toHaveText(SEVEN)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Show More' }).click()
  await expect(shortcuts).toHaveText(ELEVEN)
  await page.getByRole('button', { name: 'Show Less' }).click()
  await expect(shortcuts).toHaveText(SEVEN)

  await shortcuts.filter({ hasText: 'Finance' }).click()
  await expect(page).toHaveURL(/\/category\/finance$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible()
  await expect(page.getByText('No jobs available for this category.')).toBeVisible()
  await expectAccessible(page)
})

test('the hero search box takes its words to /jobs, and "Post a job" sends a guest to sign up as a recruiter on the way to Add Job', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('search', { name: 'Jobs' })
  await expect(hero).toBeVisible()
  await expect(page.getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/signup?next=/dashboard/add-job')
  await hero.getByRole('searchbox', { name: 'Search jobs' }).fill('qxzv nothing')
  await expectAccessible(page)
  await hero.getByRole('searchbox', { name: 'Search jobs' }).press('Enter')
  await expect(page).toHaveURL(/\/jobs\?q=qxzv\+nothing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('qxzv nothing')
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
  await expectAccessible(page)
})

/** The decorative logo over the page on a session's first visit. */
const SPLASH = 'div[aria-hidden="true"]:has(> img[src="/logo.svg"])'

/** Records whether the splash ever appeared, however briefly. */
async function watchSplash(page: Page) {
  await page.addInitScript((selector) => {
    new MutationObserver(() => {
      if (document.querySelector(selector)) (window as unknown as { splashSeen: boolean }).splashSeen = true
    }).observe(document, { childList: true, subtree: true })
  }, SPLASH)
  return () => page.evaluate(() => (window as unknown as { splashSeen?: boolean }).splashSeen === true)
}

test("the first visit shows the landing page at once, drawn by the server, with no splash to cover it", async ({ page }) => {
  const splashSeen = await watchSplash(page)
  await page.goto('/')
  // The old splash held the page back for two seconds; now the hero is in the page the server sends.
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible({ timeout: 1_500 })
  // The app has drawn (the header's navigation is its own), and drew no splash over the page.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
  expect(await splashSeen()).toBe(false)
  await expectAccessible(page)
})

test("a tab's first screen the server does not draw shows the splash, only a moment's decoration over it", async ({ page }) => {
  const splashSeen = await watchSplash(page)
  await page.goto('/signup')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 1_500 })
  expect(await splashSeen()).toBe(true)
  await expect(page.locator(SPLASH)).toHaveCount(0, { timeout: 1_000 })
  await expectAccessible(page)
})

test('with reduced motion asked for, there is no splash at all', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  const splashSeen = await watchSplash(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  expect(await splashSeen()).toBe(false)
  await context.close()
})

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  await expect(page.getByText("Seems like we couldn't find the page you were looking for.")).toBeVisible()
  await expect(page).toHaveTitle('Page not found | jobportal')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back to homepage' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
})

test('the jobs page and a footer page load and are accessible', async ({ page }) => {
  // A word no job has, so the empty state shows whatever other journeys have posted.
  await page.goto('/jobs?q=qxzvnothinglikeit')
  await expect(page.getByText('No jobs found for your search.')).toBeVisible()
  await expectAccessible(page)

  const explore = page.getByRole('navigation', { name: 'Explore' })
  await explore.getByText('Explore', { exact: true }).click()
  await explore.getByRole('link', { name: 'Career Paths' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Career Paths' })).toBeVisible()
  await expect(page.getByText('This page is coming soon.')).toBeVisible()
  await expectAccessible(page)
})

test("the footer's sections are collapsed, so a keyboard passes the whole footer in five stops, and each opens from the keyboard", async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  const footer = page.getByRole('contentinfo')
  const explore = footer.getByRole('navigation', { name: 'Explore' })
  const company = footer.getByRole('navigation', { name: 'Company' })
  await expect(explore.getByRole('link', { name: 'Career Paths' })).toBeHidden()
  await expect(company.getByRole('link', { name: 'Cookie Policy' })).toBeHidden()
  await expectAccessible(page)

  const site = footer.getByRole('navigation', { name: 'About this site' })
  await explore.locator('summary').focus()
  const stops: string[] = []
  for (let n = 0; n < 5; n++) {
    stops.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
    await page.keyboard.press('Tab')
  }
  expect(stops).toEqual(['Explore', 'Company', 'Privacy Policy', 'Terms', 'Contact'])
  await expect(site.getByRole('link', { name: 'Contact' })).not.toBeFocused()

  await company.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(company.getByRole('link', { name: 'Cookie Policy' })).toBeVisible()
  await expect(explore.getByRole('link', { name: 'Career Paths' })).toBeHidden()
  await expectAccessible(page)
  await page.keyboard.press('Tab')
  await expect(company.getByRole('link', { name: 'About', exact: true })).toBeFocused()
})

test('Privacy Policy, Terms and Contact are real pages, reached from the footer', async ({ page }) => {
  await page.goto('/')
  const site = page.getByRole('contentinfo').getByRole('navigation', { name: 'About this site' })

  await site.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'What we store' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Deleting your account' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'support@jobportal.example' })).toHaveAttribute('href', /^mailto:support@jobportal\.example/)
  await expectAccessible(page)

  await site.getByRole('link', { name: 'Terms' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms' })).toBeVisible()
  await expect(page.getByText('This page is coming soon.')).toHaveCount(0)
  await expectAccessible(page)

  await site.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'support@jobportal.example' })).toHaveAttribute('href', 'mailto:support@jobportal.example')
  await expectAccessible(page)
})

test('the landing page and /jobs come with a strict Content-Security-Policy and render under it', async ({ page, cspViolations }) => {
  for (const [path, heading] of [
    ['/', 'Connecting Talent with Opportunity'],
    ['/jobs', 'Jobs'],
  ]) {
    const response = await page.goto(path)
    expect(response, `the document of ${path}`).not.toBeNull()
    const headers = response!.headers()
    expect(headers['content-type'], path).toContain('text/html')
    const policy = headers['content-security-policy'] ?? ''
    expect(policy, `the Content-Security-Policy of ${path}`).toContain("script-src 'self'")
    expect(policy, `the Content-Security-Policy of ${path}`).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(policy, `the Content-Security-Policy of ${path}`).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['x-frame-options'], path).toBe('DENY')
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    expect(cspViolations, `Content-Security-Policy violations on ${path}`).toEqual([])
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the hamburger menu offers the same links, including the categories', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link')).toHaveText(['Home', 'About Us', 'Jobs', 'Login', 'Signup'])
    await menu.getByRole('button', { name: 'Category' }).click()
    await expect(menu.getByRole('list', { name: 'Categories' }).getByRole('link')).toHaveCount(11)
    await expectAccessible(page)

    await menu.getByRole('link', { name: 'Information Technology' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Information Technology' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0)
    await expectAccessible(page)
  })
})
