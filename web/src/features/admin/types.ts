import { actionValues, type components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A category as Admins see it: hidden ones too, with every job that names it counted (deleted ones as well). */
export type AdminCategory = Schemas['AdminCategory']

/** A job with what only Admins see: whether (`hiddenAt`) and why (`hiddenReason`) it was hidden, and its recruiter. */
export type AdminJob = Schemas['AdminJob']

export type AdminAccount = Schemas['AdminAccount']

/** A company as Admins see it: whether an Admin verified or suspended it, with its members and its jobs (hidden ones too) counted. */
export type AdminCompany = Schemas['AdminCompany']

/** What an Admin did, as the audit log names it (`job.hide`). */
export type AuditAction = Schemas['Action']
export const AUDIT_ACTIONS: readonly AuditAction[] = actionValues

/** One thing an Admin did; `targetLabel` names the target as it was then. */
export type AuditEntry = Schemas['AuditEntry']

/** The site at a glance; `applicationsPerDay` holds exactly 30 UTC days, oldest first, today last. */
export type AdminOverview = Schemas['AdminOverview']
