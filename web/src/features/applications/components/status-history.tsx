import { formatDate } from '@/lib/format'
import type { StatusChange } from '../types'

/**
 * An application's history as rows of a definition list, oldest first, in plain stage words:
 * "Applied on 4 March 2026", then "Interview stage on 6 March 2026" and every move after it. No
 * reason is ever shown here (a rejection's reason is the recruiter's alone).
 */
export function StatusHistory({ history }: { history: StatusChange[] }) {
  return history.map((step, index) => (
    <div key={`${index}-${step.stage}`} className="contents">
      <dt className="font-medium">{step.stageLabel} on</dt>
      <dd>
        <time dateTime={step.at}>{formatDate(step.at)}</time>
      </dd>
    </div>
  ))
}
