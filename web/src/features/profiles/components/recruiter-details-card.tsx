import { Spinner } from '@/components/ui/spinner'
import { useRecruiterDetails } from '../api/get-recruiter-details'
import { Panel } from '@/components/ui/panel'

/** My Profile's "Recruiter Details" block: Company, Position and Contact Number. */
export function RecruiterDetailsCard() {
  const { data, isPending } = useRecruiterDetails()
  if (isPending) return <Spinner label="Loading profile..." />
  if (!data) return null

  const rows = [
    ['Company', data.company],
    ['Position', data.position],
    ['Contact Number', data.contactNumber],
  ] as const
  return (
    <Panel title="Recruiter Details">
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold text-gray-900">{label}</dt>
            <dd className={value ? 'text-gray-800' : 'text-gray-700 italic'}>{value || 'Not provided'}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  )
}
