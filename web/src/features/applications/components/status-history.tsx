import { formatZonedDateTime } from '@/lib/time-zone'
import type { StatusChange } from '../types'

/**
 * An application's history as rows of a definition list, oldest first, in plain stage words and
 * the viewer's time zone: "Applied on Wed, 4 Mar, 2026, 14:35 IST", then "Interview stage on ..."
 * and every move after it, with who on the hiring team made it when the server says ("· by Priya
 * Shah", the hiring team's view only). No reason is ever shown here (a rejection's reason is the
 * recruiter's alone).
 */
export function StatusHistory({ history }: { history: StatusChange[] }) {
  return history.map((step, index) => (
    <div key={`${index}-${step.stage}`} className="contents">
      <dt className="font-medium">{step.stageLabel} on</dt>
      <dd>
        <time dateTime={step.at}>{formatZonedDateTime(step.at)}</time>
        {step.byName && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {`by ${step.byName}`}
          </>
        )}
      </dd>
    </div>
  ))
}
