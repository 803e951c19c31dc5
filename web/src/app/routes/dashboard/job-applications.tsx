import { useParams } from 'react-router'
import { ApplicationsOverview } from '@/features/applications/components/applications-overview'
import { JobApplicationsList } from '@/features/applications/components/job-applications-list'
import { useJob } from '@/features/jobs/api/get-job'

export default function JobApplicationsPage() {
  const { jobId = '' } = useParams()
  // The job's title is a caption: the list below says a failure.
  const { data: job } = useJob(jobId, false)
  return (
    <section>
      <title>Applications for Selected Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications for Selected Job</h1>
      {job && (
        <p className="mt-2 text-lg text-gray-700">
          {job.title} at {job.company}
        </p>
      )}
      <ApplicationsOverview jobId={jobId} />
      <JobApplicationsList jobId={jobId} />
    </section>
  )
}
