import type { Schemas } from './api-client'
import type { AnyAccountType } from './auth'

/** What a push is about (docs/rules.md#push); each device takes the kinds its person chose for it. */
export type PushKind = Schemas['PushKind']

/** Each kind in the words of the checkboxes of "Notifications on this device". */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  message: 'Messages',
  interview: 'Interviews',
  stageChange: 'Stage changes',
  newJobs: 'New jobs for my saved searches',
  newApplication: 'New applications',
  mention: 'Mentions',
  jobClosing: 'Jobs closing soon',
}

/**
 * The kinds a device of each account type can take, in the order Settings shows them: all of them
 * when notifications are turned on. Admins get none, so they have no such setting.
 */
export const PUSH_KINDS_OF: Partial<Record<AnyAccountType, readonly PushKind[]>> = {
  Applicant: ['message', 'interview', 'stageChange', 'newJobs'],
  Recruiter: ['message', 'interview', 'newApplication', 'mention', 'jobClosing'],
}

/** The kinds `accountType` can take on a device: none for an Admin or a guest. */
export const pushKindsOf = (accountType: AnyAccountType | null): readonly PushKind[] => (accountType ? (PUSH_KINDS_OF[accountType] ?? []) : [])
