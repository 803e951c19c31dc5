import { useId } from 'react'
import { formatDate } from '@/lib/format'
import { useJobApplicationsOverview, type ApplicationsOverview as Overview } from '../api/get-applications'

const WIDTH = 600
const HEIGHT = 160
const AXIS = 24

/** "12 applications in the last 30 days; the most, 4, on 3 December 2026." */
function summary(perDay: Overview['perDay']) {
  const total = perDay.reduce((sum, day) => sum + day.count, 0)
  if (total === 0) return 'No applications in the last 30 days.'
  const busiest = perDay.reduce((best, day) => (day.count > best.count ? day : best))
  const applications = total === 1 ? '1 application' : `${total} applications`
  return `${applications} in the last 30 days; the most, ${busiest.count}, on ${formatDate(busiest.day)}.`
}

/** Applications per day as bars; the summary is its text alternative and the table beside it holds every figure. */
function PerDayChart({ perDay }: { perDay: Overview['perDay'] }) {
  const titleId = useId()
  const descId = useId()
  const most = Math.max(0, ...perDay.map((day) => day.count))
  const max = Math.max(1, most)
  const slot = WIDTH / perDay.length
  const plot = HEIGHT - AXIS
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="h-40 w-full text-primary">
        <title id={titleId}>Applications per day, last 30 days</title>
        <desc id={descId}>{summary(perDay)}</desc>
        <line x1={0} y1={plot} x2={WIDTH} y2={plot} className="stroke-gray-500" strokeWidth={1} />
        {perDay.map((day, index) => {
          const height = (day.count / max) * (plot - 16)
          return day.count > 0 ? (
            <rect key={day.day} x={index * slot + slot * 0.15} y={plot - height} width={slot * 0.7} height={height} rx={2} fill="currentColor" />
          ) : null
        })}
        <text x={0} y={HEIGHT - 6} className="fill-gray-700 text-[13px]">
          {formatDate(perDay[0].day)}
        </text>
        <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="fill-gray-700 text-[13px]">
          {formatDate(perDay[perDay.length - 1].day)}
        </text>
        <text x={WIDTH} y={12} textAnchor="end" className="fill-gray-700 text-[13px]">
          {`Most in a day: ${most}`}
        </text>
      </svg>
      <figcaption className="mt-1 text-sm text-gray-700">{summary(perDay)}</figcaption>
      <details className="mt-2 text-sm text-gray-800">
        <summary className="cursor-pointer font-medium text-primary-strong">Applications per day as a table</summary>
        <table className="mt-2 border-collapse">
          <thead>
            <tr>
              <th scope="col" className="border-b border-gray-300 px-2 py-1 text-left">
                Day
              </th>
              <th scope="col" className="border-b border-gray-300 px-2 py-1 text-right">
                Applications
              </th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-2 py-0.5 text-left font-normal">
                  {formatDate(day.day)}
                </th>
                <td className="px-2 py-0.5 text-right">{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

const COUNTS = [
  ['applied', 'Pending'],
  ['shortlisted', 'Shortlisted'],
  ['rejected', 'Rejected'],
  ['withdrawn', 'Withdrawn'],
] as const

/** A job's applications at a glance, above their list: counts by status and a chart of the last 30 days. */
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
      <PerDayChart perDay={data.perDay} />
    </section>
  )
}
