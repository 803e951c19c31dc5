/**
 * Dates for the tests, counted from now, so that no test depends on the day it runs: a deadline
 * "in a month" is always ahead and one "a month ago" always passed. A test that needs exact dates
 * fixes the clock itself (an explicit `now`, or `vi.setSystemTime`) and marks those lines "fixed clock".
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** The instant `days` days from now (negative: ago) as the server sends one, ISO 8601 in UTC ("YYYY-MM-DDTHH:MM:SS.sssZ"). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

const pad = (n: number) => String(n).padStart(2, '0')

/** The local calendar day `days` days from today as an `<input type="date">` holds it, "YYYY-MM-DD": the day a visitor would type. */
export const dateInputDaysFromNow = (days: number) => {
  const day = new Date()
  day.setDate(day.getDate() + days)
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

/** A job's posting date in the fixtures: ten days ago. */
export const POSTED = daysFromNow(-10)

/** An open job's deadline in the fixtures: a month ahead. */
export const DEADLINE = daysFromNow(30)

/** A deadline that has passed: a month ago. */
export const PAST_DEADLINE = daysFromNow(-30)

/** When a closed job in the fixtures was closed by its recruiter: yesterday. */
export const CLOSED_AT = daysFromNow(-1)
