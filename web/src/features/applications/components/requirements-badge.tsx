import { requirementsText, type Requirements } from '../screening'

type Props = {
  requirements: Requirements | null | undefined
  /** The paragraph's spacing where it stands. */
  className?: string
  /** In the board's narrow desktop columns, smaller. */
  compact?: boolean
}

/**
 * How many of the job's requirements an application meets, in words ("Meets 2 of 3 requirements"),
 * as a paragraph of its own: a square badge with a mark, so it is not read as the stage's round one;
 * all met shows a tick in green, fewer a half-filled circle in amber, the words saying it either way.
 * Nothing when the job has no requirements.
 */
export function RequirementsBadge({ requirements, className = '', compact = false }: Props) {
  if (!requirements || requirements.total === 0) return null
  const all = requirements.met >= requirements.total
  return (
    <p className={className}>
      <span
        className={`inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-sm font-semibold ${compact ? 'xl:px-1 xl:text-xs' : ''} ${all ? 'border-green-700 bg-green-50 text-green-800' : 'border-amber-700 bg-amber-50 text-amber-900'}`}
      >
        <span aria-hidden="true">{all ? '✓' : '◐'}</span>
        {requirementsText(requirements)}
      </span>
    </p>
  )
}
