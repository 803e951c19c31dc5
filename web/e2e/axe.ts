import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Resolves once no finite animation is running (a toast fading in or out). */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/**
 * Fails the journey on any WCAG 2.2 AA violation on the page as it stands: a page the server drew
 * once the app has taken it over (docs/product.md#content-before-script), unless the journey holds
 * the app back to judge the server's own page (`withoutApp`).
 */
export async function expectAccessible(page: Page, { withoutApp = false } = {}) {
  if (!withoutApp) await page.waitForFunction(() => !document.querySelector('main[data-drawn]'))
  // A toast fading in or out is judged at its final colours, not half-transparent mid-animation.
  await animationsSettled(page)
  let found = await violations(page)
  if (found.length > 0) {
    // A toast can start fading out while the scan runs; a real violation is still there when the
    // page has settled again, a half-faded toast is not.
    await animationsSettled(page)
    found = await violations(page)
  }
  expect(found).toEqual([])
}
