import { Panel } from '@/components/ui/panel'
import { PerDayChart } from '@/components/ui/per-day-chart'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { useAdminOverview } from '../api/get-overview'

const NOUN = ['application', 'applications'] as const

function Figures({ figures }: { figures: [string, number][] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-gray-700">{label}</dt>
          <dd className="text-2xl font-semibold text-gray-900">{value.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The site at a glance: its accounts, its jobs, and the applications of the last 30 days as a chart with a table. */
export function AdminOverview() {
  const { data, error, isPending } = useAdminOverview()
  if (error) return <p className="mt-8 text-gray-800">{errorMessage(error, 'Could not fetch the overview.')}</p>
  if (isPending) return <Spinner label="Loading the overview..." />
  const { accounts } = data
  return (
    <>
      <Panel title="Accounts">
        <Figures
          figures={[
            ['Applicants', accounts.applicants],
            ['Recruiters', accounts.recruiters],
            ['Admins', accounts.admins],
            ['Suspended', accounts.suspended],
          ]}
        />
      </Panel>
      <Panel title="Jobs">
        <Figures
          figures={[
            ['Open', data.openJobs],
            ['Hidden', data.hiddenJobs],
          ]}
        />
      </Panel>
      <Panel title="Applications">
        <Figures figures={[['All time', data.applicationsTotal]]} />
        <PerDayChart perDay={data.applicationsPerDay} noun={NOUN} />
      </Panel>
    </>
  )
}
