import { useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { ButtonLink } from '@/components/ui/button-link'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { Spinner } from '@/components/ui/spinner'
import { useMyCompany } from '@/features/companies/api/get-my-company'
import { useTeam } from '@/features/companies/api/team'
import { managesJobs, memberName } from '@/features/companies/types'
import { useCompanyJobs } from '@/features/jobs/api/get-company-jobs'
import { useDeleteJob } from '@/features/jobs/api/job-mutations'
import { Button } from '@/components/ui/button'
import { CloseJobButton } from '@/features/jobs/components/close-job-button'
import { JobCard } from '@/features/jobs/components/job-card'
import type { Job } from '@/features/jobs/types'
import { useSession } from '@/lib/auth'

const FAILURE = 'Could Not Fetch Jobs'
const NOT_DELETED = { message: () => 'Job Not Deleted' }

/**
 * docs/product.md#my-jobs: the company's jobs the recruiter works (every one for an owner or recruiter,
 * those whose hiring team they are on for a hiring manager), each naming who is in charge of it. Only
 * owners and recruiters add, edit, close and delete jobs.
 */
export default function MyJobsPage() {
  const { userId } = useSession()
  const { data: jobs, isPending, isError } = useCompanyJobs({ id: 'my-jobs', message: () => FAILURE })
  // The role decides the actions, the members name who is in charge: without them the jobs still show.
  const { data: myCompany, isPending: roleLoading } = useMyCompany({ errorToast: false })
  const { data: members } = useTeam({ errorToast: false })
  // The list waits for the role, so its actions do not arrive after it, and a hiring manager is never offered them.
  const manages = myCompany ? managesJobs(myCompany.role) : false
  const inCharge = (job: Job) => {
    if (job.userId === userId) return 'You'
    const found = members?.find((each) => each.userId === job.userId)
    return found ? memberName(found) : null
  }
  const deleteJob = useDeleteJob(NOT_DELETED)
  const [toDelete, setToDelete] = useState<Job | null>(null)
  // The deleted job's card (and the button that had the focus) is gone: the list's heading takes it.
  const headingRef = useRef<HTMLHeadingElement>(null)

  const confirmDelete = async () => {
    if (!toDelete) return
    const { _id } = toDelete
    setToDelete(null)
    try {
      await deleteJob.mutateAsync(_id)
      toast.success('Job Deleted')
      headingRef.current?.focus()
    } catch {
      // The mutation's toast says it (NOT_DELETED).
    }
  }

  return (
    <section>
      <title>My Jobs | jobportal</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-gray-900">
          My Jobs
        </h1>
        {manages && <ButtonLink to="/dashboard/add-job">Add Jobs</ButtonLink>}
      </div>
      {isError ? (
        <p className="mt-8 text-gray-800">{FAILURE}</p>
      ) : isPending || roleLoading ? (
        <Spinner label="Loading jobs..." />
      ) : jobs.length === 0 ? (
        <p className="mt-8 text-gray-800">
          {myCompany?.role === 'hiringManager' ? "You are not on any job's hiring team yet." : 'You have not posted any jobs yet.'}
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Jobs">
          {jobs.map((job) => {
            const who = inCharge(job)
            return (
              <li key={job._id}>
                <JobCard job={job}>
                  {who && <p className="mt-2 text-sm text-gray-800">In charge: {who}</p>}
                  <p className="mt-2 text-sm text-gray-700">
                    {job.applicationsCount} of {job.maxApplicants} applications received
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    {manages && (
                      <>
                        <ButtonLink to={`/dashboard/edit-job/${encodeURIComponent(job._id)}`} aria-label={`Edit ${job.title}`} variant="secondary" size="sm">
                          Edit
                        </ButtonLink>
                        <CloseJobButton job={job} size="sm" />
                        <Button
                          aria-label={`Delete ${job.title}`}
                          onClick={() => setToDelete(job)}
                          // The deletion under way shows here, not in a toast.
                          loading={deleteJob.isPending && deleteJob.variables === job._id}
                          variant="danger-outline"
                          size="sm"
                        >
                          Delete
                        </Button>
                      </>
                    )}
                    <ButtonLink
                      to={`/dashboard/job/applications/${encodeURIComponent(job._id)}`}
                      aria-label={`Applications for ${job.title}`}
                      variant="neutral"
                      size="sm"
                    >
                      Applications
                    </ButtonLink>
                  </div>
                </JobCard>
              </li>
            )
          })}
        </ul>
      )}
      {toDelete && (
        <ConfirmationModal
          title="Delete this job?"
          text={`"${toDelete.title}" will leave every listing and take no more applications; applicants still see what they sent.`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
