import { test as base, expect, type BrowserContext } from '@playwright/test'

export { expect }

/** The name under which each page hands its `securitypolicyviolation` events to the runner. */
const REPORT = '__e2eReportCspViolation'

type Violation = { directive: string; blocked: string; source: string; sample: string }

/**
 * Every page of the context reports what its Content-Security-Policy blocked: the DOM event (the
 * directive and the blocked URI) and Chromium's console message ("Refused to ... because it violates
 * the following Content Security Policy directive ...").
 */
async function watch(context: BrowserContext, found: string[]) {
  await context.exposeBinding(REPORT, ({ page }, v: Violation) =>
    found.push(`${page.url()}: ${v.directive} blocked ${v.blocked || '(no URI)'}${v.source ? ` at ${v.source}` : ''}${v.sample ? ` "${v.sample}"` : ''}`),
  )
  await context.addInitScript((name) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as Record<string, (v: Violation) => void>)[name]
        report({
          directive: e.effectiveDirective || e.violatedDirective,
          blocked: e.blockedURI,
          source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '',
          sample: e.sample,
        })
      },
      true,
    )
  }, REPORT)
  context.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Refused to/i.test(text)) found.push(`console ${message.type()} on ${message.location().url || message.page()?.url()}: ${text}`)
  })
}

/**
 * `test` for every journey: each browser context it uses (the `page` fixture's, and any made with
 * `browser.newContext()`) is watched, and the journey fails at its end if any page it visited
 * reported a Content-Security-Policy violation. The contexts a journey made are closed when it ends.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const found: string[] = []
      const watched: BrowserContext[] = [context]
      await watch(context, found)
      // Contexts a journey makes itself (one per person) are watched before their first page opens.
      const newContext = browser.newContext
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const made = await newContext.apply(browser, args)
        await watch(made, found)
        watched.push(made)
        return made
      }
      try {
        await use(found)
      } finally {
        browser.newContext = newContext
      }
      try {
        // A round trip to every open page, so a report still on its way is counted.
        for (const page of watched.flatMap((c) => c.pages())) await page.evaluate(() => 0).catch(() => {})
        expect(found, 'the pages reported Content-Security-Policy violations (directive, blocked URI)').toEqual([])
      } finally {
        // The contexts the journey made end with it (the runner closes its own): left open, every
        // page of every earlier journey stayed live in the one browser, its stream of notifications
        // open, and a late journey ran beside dozens of them.
        for (const made of watched.slice(1)) await made.close().catch(() => {})
      }
    },
    { auto: true },
  ],
})
