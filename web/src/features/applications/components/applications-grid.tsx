import { useEffect, useEffectEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Spinner } from '@/components/ui/spinner'
import { useApplications } from '../api/get-applications'
import { ApplicationCard } from './application-card'

const EMPTY = 'No Applications Found'
const FAILURE = 'Applications Not Fetched Successfully'

/**
 * The logged-in person's applications (an applicant's own, or those a recruiter received) as a grid
 * of cards, with the toasts of docs/product.md#my-applications for each fetch.
 */
export function ApplicationsGrid({ asRecruiter = false }: { asRecruiter?: boolean }) {
  const { data, isError, isPending, dataUpdatedAt } = useApplications({ errorToast: { id: 'applications', message: () => FAILURE } })

  const announce = useEffectEvent(() => {
    if (!data) return
    if (data.length > 0) toast.success('Applications Fetched Successfully', { id: 'applications' })
    else toast(EMPTY, { id: 'applications' })
  })
  // Once per completed fetch.
  useEffect(() => {
    if (dataUpdatedAt) announce()
  }, [dataUpdatedAt])

  if (isError) return <p className="mt-8 text-gray-800">{FAILURE}</p>
  if (isPending) return <Spinner label="Loading applications..." />
  if (data.length === 0) return <p className="mt-8 text-gray-800">{EMPTY}</p>

  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Applications">
      {data.map((application) => (
        <li key={application._id}>
          <ApplicationCard
            application={application}
            showApplicant={asRecruiter}
            canWithdraw={!asRecruiter}
            to={asRecruiter ? `/dashboard/job/applications/${encodeURIComponent(application.jobId)}` : `/job/${encodeURIComponent(application.jobId)}`}
          />
        </li>
      ))}
    </ul>
  )
}
