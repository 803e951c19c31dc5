/**
 * Dates for the journeys, counted from now, so that none depends on the day it runs: a deadline
 * "in a year" is always ahead and one "a month ago" always passed. The journeys cannot set the real
 * server's clock, so they never name a calendar date.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** The instant `days` days from now (negative: ago), ISO 8601 in UTC. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

/** The UTC calendar day `days` days from today, "YYYY-MM-DD": a date as the API takes it (midnight UTC of that day). */
export const utcDateDaysFromNow = (days: number) => daysFromNow(days).slice(0, 10)

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The local calendar day `days` days from today as an `<input type="date">` holds it, "YYYY-MM-DD":
 * the day a visitor would type, in the machine's own calendar, which the journeys' browser shares.
 */
export const dateInputDaysFromNow = (days: number) => {
  const day = new Date()
  day.setDate(day.getDate() + days)
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

/** A "YYYY-MM-DD" day or an ISO instant as the job page shows a date, its UTC calendar day in full: "1 March 2030". */
export const longDate = (date: string) =>
  new Date(date).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The same as a job card shows it, short: "1 Mar 2030". */
export const shortDate = (date: string) =>
  new Date(date).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/**
 * A time of day today as a screen writes one (src/lib/time-zone.ts), in the machine's zone, which
 * the journeys' browser shares: "Fri, 4 Dec, 2026, " then any hour and minute and the zone's name.
 */
export const todayAtAnyTime = () =>
  new RegExp(`^${new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date())}, \\d{2}:\\d{2} \\S+$`)
