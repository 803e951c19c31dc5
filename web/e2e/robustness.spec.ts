import type { Route } from '@playwright/test'
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
