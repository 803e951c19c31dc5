import type { AnyAccountType } from '@/lib/auth'
import type { NotificationKind } from './types'

/** Each kind in the words of the Settings checkboxes. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  newApplication: 'New applications to my jobs',
  stageChange: "Changes to my applications' stages",
  interview: 'Interview invitations and changes',
  message: 'New messages',
  jobClosing: 'My jobs closing within a day',
}

/** The kinds that reach each account type (docs/rules.md#notifications); the others never come. */
export const KINDS_OF: Partial<Record<AnyAccountType, NotificationKind[]>> = {
  Applicant: ['stageChange', 'interview', 'message'],
  Recruiter: ['newApplication', 'interview', 'message', 'jobClosing'],
}

/** The bell is for Applicants and Recruiters: Admins and guests have none. */
export const hasNotifications = (accountType: AnyAccountType | null) => accountType !== null && KINDS_OF[accountType] !== undefined
