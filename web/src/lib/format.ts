/** How numbers and dates read on every screen, the same wherever they appear (a time of day: lib/time-zone.ts). */

import { formatZonedDateTime } from './time-zone'

/** Indian digit grouping: lakhs and crores ("2,40,000"). */
const indian = new Intl.NumberFormat('en-IN')

/** A monthly salary as every screen shows it: "₹2,40,000 per month", or a range, "₹40,000 – ₹95,000 per month". */
export const formatSalary = (salary: number, salaryMax?: number | null) =>
  salaryMax != null && salaryMax > salary ? `₹${indian.format(salary)} – ₹${indian.format(salaryMax)} per month` : `₹${indian.format(salary)} per month`

/** Deadlines are UTC instants; show the calendar date in UTC so every visitor reads the same day. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The short form a card has room for: "12 Dec 2026", the UTC calendar date like `formatDate`. */
export const formatShortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A count beside a filter: "(1,234)"; an estimate says so and keeps two figures: "(about 12,000)". */
export const formatCount = (count: number, exact = true) => (exact ? `(${indian.format(count)})` : `(about ${formatEstimate(count)})`)

/** An estimated count to two significant figures, grouped the Indian way: 6,53,421 reads "6,50,000". */
export function formatEstimate(count: number) {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, count))) - 1)
  return indian.format(Math.round(count / step) * step)
}

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' })
/** The largest unit first. */
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
]

/** How long ago, for a recent event ("just now", "5 minutes ago", "yesterday"); a week or more back, when, in the viewer's zone. */
export function formatRelative(iso: string, now = Date.now()) {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000)
  if (seconds < 60) return 'just now'
  if (seconds >= 7 * 24 * 60 * 60) return formatZonedDateTime(iso)
  const [unit, size] = RELATIVE_STEPS.find(([, step]) => seconds >= step)!
  return relative.format(-Math.floor(seconds / size), unit)
}
