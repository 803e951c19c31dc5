import { ButtonLink } from '@/components/ui/button-link'
import { OfflineNotice } from '@/components/ui/offline-notice'
import { Spinner } from '@/components/ui/spinner'
import { useSavedJobs } from '@/features/jobs/api/saved-jobs'
import { JobCard } from '@/features/jobs/components/job-card'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'

/** The applicant's saved jobs, the latest saved first; a job that closed says "Closed". */
export default function SavedJobsPage() {
  const { data: jobs, isPending, isError, dataUpdatedAt } = useSavedJobs({ fresh: true })

  return (
    <section>
      <title>Saved Jobs | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Saved Jobs</h1>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      {isError ? (
        <p className="mt-8 text-gray-800">Could not fetch your saved jobs.</p>
      ) : isPending ? (
        <Spinner label="Loading saved jobs..." />
      ) : jobs.length === 0 ? (
        <div className="mt-8">
          <p className="text-gray-800">You have not saved any jobs yet. Save one from its card or its page to find it here.</p>
          <ButtonLink to="/jobs" className="mt-4">
            Find Jobs
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Saved jobs">
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job}>
                <SaveJobButton job={job} className="mt-3" />
              </JobCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
