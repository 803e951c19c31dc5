import { Spinner } from '@/components/ui/spinner'
import { useApplications, type ListView } from '../api/get-applications'
import type { Application } from '../types'
import { ApplicationCard } from './application-card'

const EMPTY = 'No Applications Found'
/** What an empty view of a recruiter's list says. */
const EMPTY_VIEW: Record<ListView, string> = {
  all: EMPTY,
  assigned: 'No applications to the jobs you are in charge of or on the hiring team of.',
  review: 'No applications need review: every one has been looked at.',
}
const FAILURE = 'Applications Not Fetched Successfully'

/**
 * The logged-in person's applications (an applicant's own, or those a recruiter received) as a grid
 * of cards (docs/product.md#my-applications); a recruiter's in one `view` of them. Loading and an
 * empty list show in place; only a failed fetch has a toast too.
 */
export function ApplicationsGrid({ asRecruiter = false, view, onMessages }: { asRecruiter?: boolean; view?: ListView; onMessages?: (application: Application) => void }) {
  const { data, isError, isPending } = useApplications({ view, errorToast: { id: 'applications', message: () => FAILURE } })

  if (isError) return <p className="mt-8 text-gray-800">{FAILURE}</p>
  if (isPending) return <Spinner label="Loading applications..." />
  if (data.length === 0) return <p className="mt-8 text-gray-800">{view ? EMPTY_VIEW[view] : EMPTY}</p>

  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Applications">
      {data.map((application) => (
        <li key={application._id}>
          <ApplicationCard
            application={application}
            showApplicant={asRecruiter}
            canWithdraw={!asRecruiter}
            onMessages={onMessages && (() => onMessages(application))}
            to={asRecruiter ? `/dashboard/job/applications/${encodeURIComponent(application.jobId)}` : `/job/${encodeURIComponent(application.jobId)}`}
          />
        </li>
      ))}
    </ul>
  )
}
