import type { Application } from './types'

export type Stage = Application['stage']

/** The board's columns, in the pipeline's order (docs/rules.md#stages). */
export const STAGES: readonly Stage[] = ['applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn']

/** A column's short name, and the name of a move's target. */
export const STAGE_NAMES: Record<Stage, string> = {
  applied: 'Applied',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

/** The stages a search of the applicants narrows to: withdrawn applications are not searched. */
export const SEARCHED_STAGES: readonly Stage[] = STAGES.filter((stage) => stage !== 'withdrawn')

/** Hired, rejected and withdrawn take no further move. */
export const isFinal = (stage: Stage) => stage === 'hired' || stage === 'rejected' || stage === 'withdrawn'

/** Where the recruiter may move an application: forward, back or skipping among the open stages, or to hired or rejected. */
export function moveTargets(stage: Stage): Stage[] {
  if (isFinal(stage)) return []
  return STAGES.filter((target) => target !== stage && target !== 'withdrawn')
}

/** The applicant may withdraw at any stage before a final one (docs/rules.md#withdraw). */
export const canWithdraw = (stage: Stage) => !isFinal(stage)

/** "1 star", "2 stars"... */
export const starsName = (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`
