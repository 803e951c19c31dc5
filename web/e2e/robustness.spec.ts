import type { Page, Route } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'

test("a screen whose code cannot be fetched says so inside the layout, and Retry brings it back once the network does", async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting Talent with Opportunity' })).toBeVisible()
  const block = (route: Route) => route.abort('internetdisconnected')
  await page.route(/\/assets\/about-[^/]+\.js$/, block)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  // The first failure reloads the page once by itself (a new deploy would be fixed by that); the
  // chunk is still blocked, so the screen says so, inside the header and footer.
  await expect(page.getByRole('heading', { level: 1, name: "Couldn't load this page." })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)
  await expectAccessible(page)

  await page.unroute(/\/assets\/about-[^/]+\.js$/, block)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
})

test('moving to another page puts the focus on its main heading', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeFocused()
  await expectAccessible(page)
})

/**
 * /jobs drawn by the app (not only by the server: the menu button is the app's own), with `words`
 * typed into the search and their results in, so nothing is still loading when the network goes.
 */
async function typedSearch(page: Page, words: string) {
  await page.goto('/jobs')
  await expect(page.locator('button[aria-controls="mobile-menu"]')).toBeAttached()
  const search = page.getByRole('searchbox', { name: 'Search jobs' })
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url())
    return url.pathname === '/api/v1/jobs/alljobs' && url.searchParams.get('q') === words
  })
  await search.fill(words)
  await searched
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  return search
}

/** Whether two boxes overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

for (const [device, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`offline on ${device}, a link to a screen whose code is not loaded keeps the page and what was typed, says "You appear to be offline. Try again" without covering the header or the heading, and works once back online`, async ({ page, context }) => {
    await page.setViewportSize(viewport)
    const search = await typedSearch(page, 'offline analyst')
    const heading = page.getByRole('heading', { level: 1, name: 'Jobs' })
    await expect(heading).toBeVisible()

    await context.setOffline(true)
    const started = Date.now()
    if (device === 'a phone') {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About Us' }).click()
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
    }
    const message = page.getByRole('status').filter({ hasText: 'You appear to be offline. Try again' })
    await expect(message).toBeVisible()
    expect(Date.now() - started).toBeLessThan(2_000) // at once, not after the fetch gives up
    // Still the search, as it was: no reload, no browser offline page, no screen error.
    expect(new URL(page.url()).pathname).toBe('/jobs')
    await expect(heading).toBeVisible()
    await expect(search).toHaveValue('offline analyst')
    await expect(page.getByRole('heading', { name: "Couldn't load this page." })).toHaveCount(0)
    // The toast is clear of the header and of the page's heading.
    const toast = (await message.boundingBox())!
    expect(overlap(toast, (await page.getByRole('banner').boundingBox())!)).toBe(false)
    expect(overlap(toast, (await heading.boundingBox())!)).toBe(false)
    await expectAccessible(page)

    await context.setOffline(false)
    if (device === 'a phone') {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About Us' }).click()
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
    }
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/about')
  })
}

test('when the connection drops without the browser knowing (a fetch fails, the site does not answer), a link keeps the page and says "You appear to be offline. Try again"; a later tap works', async ({ page }) => {
  const search = await typedSearch(page, 'lie-fi')
  const chunk = /\/assets\/about-[^/]+\.js$/
  const dropped = (route: Route) => route.abort('internetdisconnected')
  // The app asks the site itself whether it answers (HEAD /): nothing does.
  const site = (url: URL) => url.pathname === '/'
  const siteDropped = (route: Route) => (route.request().method() === 'HEAD' ? route.abort('internetdisconnected') : route.fallback())
  await page.route(chunk, dropped)
  await page.route(site, siteDropped)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You appear to be offline. Try again' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/jobs')
  await expect(search).toHaveValue('lie-fi')

  await page.unroute(chunk, dropped)
  await page.unroute(site, siteDropped)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
})
