import type { Job } from './types'

/** Indian digit grouping: lakhs and crores ("2,40,000"). */
const indian = new Intl.NumberFormat('en-IN')

/** A monthly salary as every screen shows it: "₹2,40,000 per month". */
export const formatSalary = (salary: number) => `₹${indian.format(salary)} per month`

/** Deadlines are UTC instants; show the calendar date in UTC so every visitor reads the same day. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The short form a card has room for: "12 Dec 2026", the UTC calendar date like `formatDate`. */
export const formatShortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export const isPastDeadline = (deadline: string, now = Date.now()) => Date.parse(deadline) < now

/** A job takes no more applications once its deadline has passed or it has all it accepts. */
export const isClosed = (job: Pick<Job, 'deadline' | 'applicationsCount' | 'maxApplicants'>, now = Date.now()) =>
  isPastDeadline(job.deadline, now) || job.applicationsCount >= job.maxApplicants

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC calendar day an instant falls on, as a day number, so days are counted as `formatDate` shows them. */
const utcDay = (ms: number) => Math.floor(ms / DAY_MS)

/** "Posted today", "Posted 1 day ago", "Posted 12 days ago"; a posting date still ahead is shown as its date. */
export function postedAgo(dateOfPosting: string, now = Date.now()) {
  const days = utcDay(now) - utcDay(Date.parse(dateOfPosting))
  if (days < 0) return `Posting on ${formatShortDate(dateOfPosting)}`
  if (days === 0) return 'Posted today'
  return days === 1 ? 'Posted 1 day ago' : `Posted ${days} days ago`
}

/** "Apply by 12 Dec 2026". */
export const applyBy = (deadline: string) => `Apply by ${formatShortDate(deadline)}`

/** The UTC calendar day of an instant, as a date input holds it ("YYYY-MM-DD"). */
export const dateInputValue = (iso: string) => new Date(iso).toISOString().slice(0, 10)

const pad = (n: number) => String(n).padStart(2, '0')

/** Today in the visitor's own calendar, as a date input holds it: the day they would write on a form. */
export const todayInputValue = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`

/** A count beside a filter: "(1,234)". */
export const formatCount = (count: number) => `(${indian.format(count)})`
