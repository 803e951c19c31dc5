import { useParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button-link'
import { NotFound } from '@/components/ui/not-found'
import { OfflineNotice } from '@/components/ui/offline-notice'
import { Spinner } from '@/components/ui/spinner'
import { useApplications } from '@/features/applications/api/get-applications'
import { ApplyButton } from '@/features/applications/components/apply-button'
import { ResumePrompt } from '@/features/applications/components/resume-prompt'
import { useJob } from '@/features/jobs/api/get-job'
import { useApplicantDetails } from '@/features/profiles/api/get-applicant-details'
import { CloseJobButton } from '@/features/jobs/components/close-job-button'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { GuestJobActions, JobArticle, jobView } from '@/features/jobs/components/job-article'
import { ApiError, errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { ErrorToast } from '@/lib/query-client'
import { Button } from '@/components/ui/button'

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404
/** Its recruiter deleted it (a 404 marked `removed`): unlike a job that never was, or a hidden one, the page says so. */
const isRemoved = (error: unknown) => error instanceof ApiError && error.removed
/** A job that does not exist or was removed is the page's own message; any other failure says the server's message as well. */
const JOB_TOAST: ErrorToast = { id: 'job', message: (error) => (isNotFound(error) ? null : errorMessage(error, FALLBACK_MESSAGE)) }

/** docs/product.md#job: a deleted job's page (the server serves its address with 410). */
function JobRemoved() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <title>Job removed | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">This job has been removed</h1>
      <p className="mt-4 text-gray-700">The recruiter removed this job, so it no longer takes applications.</p>
      <ButtonLink to="/jobs" className="mt-6">
        Search jobs
      </ButtonLink>
    </section>
  )
}

export default function JobPage() {
  const { jobId = '' } = useParams()
  const { data: job, error, refetch, isFetching, dataUpdatedAt } = useJob(jobId, JOB_TOAST)
  const notFound = isNotFound(error)
  const { accountType, loggedIn, user } = useSession()
  const isApplicant = accountType === 'Applicant'
  // An applicant's own applications say whether they applied here already.
  const { data: applications, isLoading: checkingApplied } = useApplications({ enabled: isApplicant })
  // The resume an application would carry, shown in the apply dialog (the page does without it if it fails).
  const { data: profile } = useApplicantDetails({ enabled: isApplicant, errorToast: false })
  const resume = profile ? (profile.resume ? { name: profile.resumeName || 'resume.pdf', url: profile.resume } : null) : undefined

  if (isRemoved(error)) return <JobRemoved />
  if (notFound) return <NotFound />
  if (error) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <title>Job | jobportal</title>
        <h1 className="text-3xl font-bold text-gray-900">Could not load this job</h1>
        <p className="mt-4 text-gray-700">{errorMessage(error, FALLBACK_MESSAGE)}</p>
        <Button className="mt-6" onClick={() => refetch()} loading={isFetching}>
          Try again
        </Button>
      </section>
    )
  }
  if (!job) return <Spinner label="Loading job..." />

  const view = jobView(job)
  const closed = !view.open
  const mine = applications?.find((application) => application.jobId === job._id)
  const applied = mine !== undefined
  const withdrawn = mine?.status === 'withdrawn'
  // Someone who applied keeps seeing "Applied", even once their application filled the last place.
  const showApply = isApplicant && (!closed || applied) && !checkingApplied
  // An applicant without a resume (a new account, straight from signup) is asked to add one first.
  const askForResume = isApplicant && profile !== undefined && !profile.resume && !closed && !applied && !checkingApplied
  const isOwner = accountType === 'Recruiter' && user?._id === job.userId

  return (
    <JobArticle view={view} notice={<OfflineNotice updatedAt={dataUpdatedAt} />}>
      <title>{`${job.title} | jobportal`}</title>
      {askForResume && <ResumePrompt jobId={job._id} />}
      {isApplicant && (
        <div className="flex flex-wrap items-end gap-3">
          {showApply && (
            <ApplyButton
              key={job._id}
              jobId={job._id}
              jobTitle={job.title}
              questions={job.questions}
              applied={applied}
              withdrawn={withdrawn}
              resume={resume}
            />
          )}
          <SaveJobButton job={job} className="mt-4" />
        </div>
      )}
      {/* Login (or Signup, for a new account) comes back here, so the guest applies where they decided to. */}
      {!loggedIn && <GuestJobActions view={view} />}
      {isOwner && (
        <div className="mt-4">
          <p className="text-gray-800">
            {job.applicationsCount} of {job.maxApplicants} applications received
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ButtonLink to={`/dashboard/edit-job/${encodeURIComponent(job._id)}`}>Edit</ButtonLink>
            <ButtonLink to={`/dashboard/job/applications/${encodeURIComponent(job._id)}`} variant="secondary">
              Applications
            </ButtonLink>
            <CloseJobButton job={job} />
          </div>
        </div>
      )}
    </JobArticle>
  )
}
