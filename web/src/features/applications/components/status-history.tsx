import { formatDate } from '@/lib/format'
import type { StatusChange } from '../types'
import { STATUS_LABELS } from './status-badge'

/**
 * An application's history as rows of a definition list, oldest first: "Applied on 4 March 2026",
 * then "Shortlisted on 6 March 2026" (or rejected, or withdrawn) once it happened.
 */
export function StatusHistory({ history }: { history: StatusChange[] }) {
  return history.map((step) => (
    <div key={step.status} className="contents">
      <dt className="font-medium">{STATUS_LABELS[step.status]} on</dt>
      <dd>
        <time dateTime={step.at}>{formatDate(step.at)}</time>
      </dd>
    </div>
  ))
}
