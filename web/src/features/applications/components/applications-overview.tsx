import { useId } from 'react'
import { PerDayChart } from '@/components/ui/per-day-chart'
import { useJobApplicationsOverview } from '../api/get-applications'
import { STAGE_NAMES, STAGES } from '../stages'

const NOUN = ['application', 'applications'] as const

const COUNTS = [
  ['applied', 'Pending'],
  ['shortlisted', 'Shortlisted'],
  ['rejected', 'Rejected'],
  ['withdrawn', 'Withdrawn'],
] as const

/** A job's applications at a glance, after their board or list: counts by status and by stage, and a chart of the last 30 days. */
export function ApplicationsOverview({ jobId }: { jobId: string }) {
  const headingId = useId()
  const { data, isError } = useJobApplicationsOverview(jobId)
  if (isError || !data) return null
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        Overview
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <div>
          <dt className="text-sm text-gray-700">All</dt>
          <dd className="text-2xl font-semibold text-gray-900">{data.total}</dd>
        </div>
        {COUNTS.map(([status, label]) => (
          <div key={status}>
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="text-2xl font-semibold text-gray-900">{data.counts[status]}</dd>
          </div>
        ))}
      </dl>
      <h3 id={`${headingId}-stages`} className="mt-4 font-semibold text-gray-900">
        By stage
      </h3>
      <ul aria-labelledby={`${headingId}-stages`} className="mt-2 flex flex-wrap gap-2">
        {STAGES.map((stage) => (
          <li key={stage} className="rounded-md border border-gray-300 px-3 py-1 text-gray-800">
            {STAGE_NAMES[stage]}: <span className="font-semibold text-gray-900">{data.stages[stage]}</span>
          </li>
        ))}
      </ul>
      <PerDayChart perDay={data.perDay} noun={NOUN} />
    </section>
  )
}
