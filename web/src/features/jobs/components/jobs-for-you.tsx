import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { useJobsForYou } from '../api/jobs-for-you'
import type { Job } from '../types'
import { JobCard } from './job-card'

type Props = {
  limit?: number
  /** What each card offers besides its reason (the app puts the Save toggle there). */
  actions?: (job: Job) => ReactNode
  /** Labels the list: the id of the heading above it. */
  labelledBy: string
}

/**
 * Open jobs ranked by the applicant's skills, each saying why; without skills, where to add them.
 */
export function JobsForYou({ limit = 20, actions, labelledBy }: Props) {
  const { data, isPending, isError } = useJobsForYou(limit)
  if (isError) return <p className="mt-4 text-gray-800">Could not fetch jobs for you.</p>
  if (isPending) return <Spinner label="Finding jobs for you..." />
  if (data.skillCount === 0) {
    return (
      <div className="mt-4">
        <p className="text-gray-800">Add your skills to your profile, and the jobs that match them will show here.</p>
        <ButtonLink to="/dashboard/settings" className="mt-3">
          Add skills
        </ButtonLink>
      </div>
    )
  }
  if (data.data.length === 0) {
    return <p className="mt-4 text-gray-800">No open jobs match your skills right now. More are posted every day.</p>
  }
  return (
    <ul aria-labelledby={labelledBy} className="mt-4 grid gap-4 md:grid-cols-2">
      {data.data.map(({ job, reason }) => (
        <li key={job._id}>
          <JobCard job={job}>
            <p className="mt-2 text-sm font-medium text-success-strong">{reason}</p>
            {actions?.(job)}
          </JobCard>
        </li>
      ))}
    </ul>
  )
}
