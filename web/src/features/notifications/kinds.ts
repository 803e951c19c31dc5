import type { AnyAccountType } from '@/lib/auth'
import type { NotificationKind } from './types'

type Labels = Record<NotificationKind, string>

/** Each kind in the words of the Settings checkboxes. */
export const KIND_LABELS: Labels = {
  newApplication: 'New applications to my jobs',
  stageChange: "Changes to my applications' stages",
  interview: 'Interview invitations and changes',
  message: 'New messages',
  jobClosing: 'My jobs closing within a day',
  mention: 'Mentions in notes',
}

/** A kind that reaches a recruiter for another reason than an applicant's, in their words. */
const RECRUITER_LABELS: Partial<Labels> = {
  stageChange: 'Applicants withdrawing or deleting their account',
}

/** The words of `kind`'s checkbox for `accountType`. */
export const kindLabel = (kind: NotificationKind, accountType: AnyAccountType) =>
  (accountType === 'Recruiter' ? RECRUITER_LABELS[kind] : undefined) ?? KIND_LABELS[kind]

/** The kinds that reach each account type (docs/rules.md#notifications); the others never come. */
export const KINDS_OF: Partial<Record<AnyAccountType, NotificationKind[]>> = {
  Applicant: ['stageChange', 'interview', 'message'],
  Recruiter: ['newApplication', 'stageChange', 'interview', 'message', 'jobClosing', 'mention'],
}

/** The bell is for Applicants and Recruiters: Admins and guests have none. */
export const hasNotifications = (accountType: AnyAccountType | null) => accountType !== null && KINDS_OF[accountType] !== undefined
