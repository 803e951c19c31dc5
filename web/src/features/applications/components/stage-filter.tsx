import { useId } from 'react'
import { SEARCHED_STAGES, STAGE_NAMES } from '../stages'

/** docs/rules.md#applicant-search: a search of the applicants narrowed to one stage, or to none (`''`). */
export function StageFilter({ stage, onChange }: { stage: string; onChange: (stage: string) => void }) {
  const id = useId()
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-medium text-gray-800">
        Stage
      </label>
      <select
        id={id}
        value={stage}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-gray-400 bg-white px-2 py-1.5 text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <option value="">All stages</option>
        {SEARCHED_STAGES.map((each) => (
          <option key={each} value={each}>
            {STAGE_NAMES[each]}
          </option>
        ))}
      </select>
    </p>
  )
}
