import { formatShortDate } from '@/lib/format'
import type { Job } from './types'

/** At its deadline a job is closed, as the server's rule has it (docs/rules.md#open-jobs). */
export const isPastDeadline = (deadline: string, now = Date.now()) => Date.parse(deadline) <= now

/** A job takes no more applications once its deadline has passed, it has all it accepts, or its recruiter closed it. */
export const isClosed = (job: Pick<Job, 'deadline' | 'applicationsCount' | 'maxApplicants'> & { closedAt?: string | null }, now = Date.now()) =>
  job.closedAt != null || isPastDeadline(job.deadline, now) || job.applicationsCount >= job.maxApplicants

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

/** The page of a job's company, `/company/{slug}`; empty for a job without one. */
export const companyPath = ({ companySlug }: { companySlug?: string | null }) => (companySlug ? `/company/${encodeURIComponent(companySlug)}` : '')
