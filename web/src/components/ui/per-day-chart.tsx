import { useId } from 'react'
import { formatDate } from '@/lib/format'

/** What happened on one UTC day ("YYYY-MM-DD"), counted. */
export type DayCount = { day: string; count: number }

const WIDTH = 600
const HEIGHT = 120

type Props = {
  /** The days to chart, oldest first. */
  perDay: DayCount[]
  /** What is counted, in lower case, singular and plural: `['application', 'applications']`. */
  noun: readonly [string, string]
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** "12 applications in the last 30 days; the most, 4, on 3 December 2026." */
function summary(perDay: DayCount[], [one, many]: Props['noun']) {
  const total = perDay.reduce((sum, day) => sum + day.count, 0)
  const days = `in the last ${perDay.length} days`
  if (total === 0) return `No ${many} ${days}.`
  const busiest = perDay.reduce((best, day) => (day.count > best.count ? day : best))
  return `${total === 1 ? `1 ${one}` : `${total} ${many}`} ${days}; the most, ${busiest.count}, on ${formatDate(busiest.day)}.`
}

/** A count per day as bars; the summary is its text alternative and the table beside it holds every figure. */
export function PerDayChart({ perDay, noun }: Props) {
  const titleId = useId()
  const descId = useId()
  const label = capitalised(noun[1])
  const most = Math.max(0, ...perDay.map((day) => day.count))
  const max = Math.max(1, most)
  const slot = WIDTH / Math.max(1, perDay.length)
  if (perDay.length === 0) return null
  // The labels are HTML beside the drawing, not text inside it: the drawing stretches to the width,
  // and text in it would shrink with it (7px on a phone).
  return (
    <figure className="mt-4">
      <p aria-hidden="true" className="text-right text-sm text-gray-700">{`Most in a day: ${most}`}</p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${titleId} ${descId}`} className="mt-1 h-32 w-full text-primary">
        <title id={titleId}>{`${label} per day, last ${perDay.length} days`}</title>
        <desc id={descId}>{summary(perDay, noun)}</desc>
        <line x1={0} y1={HEIGHT - 1} x2={WIDTH} y2={HEIGHT - 1} className="stroke-gray-500" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        {perDay.map((day, index) => {
          const height = (day.count / max) * (HEIGHT - 4)
          return day.count > 0 ? (
            <rect key={day.day} x={index * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} fill="currentColor" />
          ) : null
        })}
      </svg>
      <p aria-hidden="true" className="mt-1 flex justify-between gap-4 text-sm text-gray-700">
        <span>{formatDate(perDay[0].day)}</span>
        <span>{formatDate(perDay[perDay.length - 1].day)}</span>
      </p>
      <figcaption className="mt-1 text-sm text-gray-700">{summary(perDay, noun)}</figcaption>
      <details className="mt-2 text-sm text-gray-800">
        <summary className="cursor-pointer font-medium text-primary-strong">{label} per day as a table</summary>
        <table className="mt-2 border-collapse">
          <thead>
            <tr>
              <th scope="col" className="border-b border-gray-300 px-2 py-1 text-left">
                Day
              </th>
              <th scope="col" className="border-b border-gray-300 px-2 py-1 text-right">
                {label}
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
