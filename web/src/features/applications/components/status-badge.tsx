import type { Ref } from 'react'
import type { Stage } from '../stages'
import type { ApplicationStatus } from '../types'

/** One wording for a status everywhere (the API sends it in lower case): the old endpoint's toast says it. */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

/** On the way (screening to hired) green, rejected red, anything else neutral; the words say it too, colour is only a cue. */
const TONES: Partial<Record<Stage, string>> = {
  screening: 'border-green-700 bg-green-50 text-green-800',
  interview: 'border-green-700 bg-green-50 text-green-800',
  offer: 'border-green-700 bg-green-50 text-green-800',
  hired: 'border-green-700 bg-green-50 text-green-800',
  rejected: 'border-red-700 bg-red-50 text-red-800',
}
const NEUTRAL = 'border-gray-500 bg-gray-50 text-gray-800'

/**
 * An application's stage in the server's plain words (`stageLabel`: "Interview stage", "Not
 * selected"). `ref` makes the badge a place the focus can be moved to (once a change made it the news).
 */
export function StageBadge({ stage, label, ref }: { stage: Stage; label: string; ref?: Ref<HTMLSpanElement> }) {
  return (
    <span
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      data-stage={stage}
      className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-primary ${TONES[stage] ?? NEUTRAL}`}
    >
      {label}
    </span>
  )
}
