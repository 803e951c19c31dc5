import type { Ref } from 'react'
import type { ApplicationStatus } from '../types'

/** One wording for a status everywhere (the API sends it in lower case). */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

/** Shortlisted green, rejected red, anything else neutral; the text says it too, colour is only a cue. */
const TONES: Record<string, string> = {
  shortlisted: 'border-green-700 bg-green-50 text-green-800',
  rejected: 'border-red-700 bg-red-50 text-red-800',
}
const NEUTRAL = 'border-gray-500 bg-gray-50 text-gray-800'

/** `ref` makes the badge a place the focus can be moved to (once a change made it the news). */
export function StatusBadge({ status, ref }: { status: ApplicationStatus; ref?: Ref<HTMLSpanElement> }) {
  return (
    <span
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      data-status={status}
      className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-primary ${TONES[status] ?? NEUTRAL}`}
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  )
}
