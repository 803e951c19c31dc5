/** How numbers and dates read on every screen, the same wherever they appear (a time of day: lib/time-zone.ts). */

import { formatZonedDateTime } from './time-zone'

/**
 * Made at its first use, not when the module loads: an Intl object takes a phone milliseconds to
 * make, and every module the first screen needs loads in the page's first seconds.
 */
function madeOnce<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

/**
 * Indian digit grouping: lakhs and crores ("2,40,000"), as Intl's en-IN writes a number (up to three
 * decimals), written here because the first en-IN formatter costs a phone longer than a frame.
 */
function indian(value: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(3).replace(/\.?0+$/, '').split('.')
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** A monthly salary as every screen shows it: "₹2,40,000 per month", or a range, "₹40,000 – ₹95,000 per month". */
export const formatSalary = (salary: number, salaryMax?: number | null) =>
  salaryMax != null && salaryMax > salary ? `₹${indian(salary)} – ₹${indian(salaryMax)} per month` : `₹${indian(salary)} per month`

const longDate = madeOnce(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }))
/** Deadlines are UTC instants; show the calendar date in UTC so every visitor reads the same day. */
export const formatDate = (iso: string) => longDate().format(new Date(iso))

const shortDate = madeOnce(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }))
/** The short form a card has room for: "12 Dec 2026", the UTC calendar date like `formatDate`. */
export const formatShortDate = (iso: string) => shortDate().format(new Date(iso))

/** A count beside a filter: "(1,234)"; an estimate says so and keeps two figures: "(about 12,000)". */
export const formatCount = (count: number, exact = true) => (exact ? `(${indian(count)})` : `(about ${formatEstimate(count)})`)

/** An estimated count to two significant figures, grouped the Indian way: 6,53,421 reads "6,50,000". */
export function formatEstimate(count: number) {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, count))) - 1)
  return indian(Math.round(count / step) * step)
}

const relative = madeOnce(() => new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' }))
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
  return relative().format(-Math.floor(seconds / size), unit)
}
