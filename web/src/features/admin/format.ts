import { AUDIT_ACTIONS, type AdminJob, type AuditAction } from './types'

/** Each action of the audit log in words. */
const ACTION_LABELS: Record<AuditAction, string> = {
  'category.create': 'Added category',
  'category.update': 'Edited category',
  'category.hide': 'Hid category',
  'category.unhide': 'Unhid category',
  'category.delete': 'Deleted category',
  'job.hide': 'Hid job',
  'job.unhide': 'Unhid job',
  'account.suspend': 'Suspended account',
  'account.reinstate': 'Reinstated account',
  'company.rename': 'Renamed company',
  'company.verify': 'Verified company',
  'company.unverify': 'Took back verification',
  'company.suspend': 'Suspended company',
  'company.reinstate': 'Reinstated company',
}

/** An action this app does not know yet is shown as the server names it. */
export const actionLabel = (action: string) => ((AUDIT_ACTIONS as readonly string[]).includes(action) ? ACTION_LABELS[action as AuditAction] : action)

/** "1 job", "3 jobs". */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export type JobStatus = 'Hidden' | 'Closed' | 'Open'

/** Hidden by an Admin, or else closed to applications (by its recruiter, its deadline or its places), or open. */
export function jobStatus(job: AdminJob, now = Date.now()): JobStatus {
  if (job.hiddenAt !== null) return 'Hidden'
  const closed = job.closedAt !== null || Date.parse(job.deadline) < now || job.applicationsCount >= job.maxApplicants
  return closed ? 'Closed' : 'Open'
}

/** The number of pages a list of `total` items fills, at least one. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / Math.max(1, limit)))

/** The page a URL names: a whole number from 1, else the first. */
export function readPage(params: URLSearchParams) {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}
