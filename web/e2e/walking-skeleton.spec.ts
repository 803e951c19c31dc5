import { expectAccessible } from './axe'
import { expect, test } from './csp'

const SEVEN = ['Engineering', 'Finance', 'Sales', 'Information Technology', 'Marketing', 'Customer Support', 'Human Resource']
const ELEVEN = [...SEVEN, 'Business Development', 'Accounting', 'Research', 'Consulting']

test('the landing page shows seven job-area shortcuts, eleven after Show More, and a shortcut leads to /login', async ({ page }) => {
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
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await expectAccessible(page)
})

test('the Category dropdown lists the eleven seeded categories and choosing one opens its page', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await expectAccessible(page)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Category' }).click()
  const list = nav.getByRole('list', { name: 'Categories' })
  await expect(list.getByRole('link')).toHaveText(ELEVEN)
  await expectAccessible(page)

  await list.getByRole('link', { name: 'Customer Support' }).click()
  await expect(page).toHaveURL(/\/category\/customer-support$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Support' })).toBeVisible()
  await expect(page.getByText('No jobs available for this category.')).toBeVisible()
  await expectAccessible(page)
})

test('the Category dropdown opens and closes from the keyboard', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Category' })
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Categories', includeHidden: true })).toBeAttached()

  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('link', { name: 'Engineering', exact: true }).first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()

  await page.keyboard.press('ArrowDown')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible()
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

  await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Career Paths' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Career Paths' })).toBeVisible()
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
