import type { Locator, Page } from '@playwright/test'
import { expect, test } from './csp'

/** The two screens journeys that matter on both run on: a desktop and a phone. */
export const DEVICES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

/** A stage's column on a job's board. */
export const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\(\\d+\\)$`) })

/** The bell's count, as its accessible name says it. */
export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

/** Moves the card with the keyboard: "Move…" opened with Enter, the stage chosen with Enter. */
export async function moveByKeyboard(page: Page, card: Locator, stage: string) {
  // Until the last move is answered, "Move…" is busy.
  await expect(card.getByRole('button', { name: /^Move / })).toBeEnabled()
  await card.getByRole('button', { name: /^Move / }).focus()
  await page.keyboard.press('Enter')
  const choice = card.getByRole('list', { name: /^Move .* to$/ }).getByRole('button', { name: stage, exact: true })
  await choice.focus()
  await page.keyboard.press('Enter')
  await expect(column(page, stage).getByRole('article')).toHaveCount(1)
}

/**
 * Recruiters' tokens a spec adds to the list this returns: after its journeys, even failed ones,
 * whatever jobs those recruiters still have are deleted, so later specs see a board without them.
 */
export function deletesTheirJobsAfterAll() {
  const tokens: string[] = []
  test.afterAll(async ({ playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    for (const bearer of tokens) {
      const headers = { Authorization: `Bearer ${bearer}` }
      const { data } = (await (await api.get('/api/v1/jobs/getAllJobs', { headers })).json()) as { data: { _id: string }[] }
      for (const job of data) await api.delete(`/api/v1/jobs/deleteJob/${job._id}`, { headers })
    }
    await api.dispose()
  })
  return tokens
}
