import { useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useJob } from '@/features/jobs/api/get-job'
import { EditJobForm } from '@/features/jobs/components/edit-job-form'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'

export default function EditJobPage() {
  const { jobId = '' } = useParams()
  // A failure says the server's message in a toast (lib/query-client's default) and here.
  const { data: job, error } = useJob(jobId)

  return (
    <section>
      <title>Edit Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Edit Job</h1>
      {error ? (
        <p className="mt-8 text-gray-800">{errorMessage(error, FALLBACK_MESSAGE)}</p>
      ) : job ? (
        // A fresh form per job, so its fields start from that job's values.
        <EditJobForm key={job._id} job={job} />
      ) : (
        <Spinner label="Loading job..." />
      )}
    </section>
  )
}
