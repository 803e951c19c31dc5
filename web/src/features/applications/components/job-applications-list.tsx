import { useEffect } from 'react'
import { toast } from 'react-hot-toast'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { useJobApplications } from '../api/get-applications'
import { useUpdateApplicationStatus } from '../api/application-mutations'
import type { Application, Decision } from '../types'

const FAILURE = 'Failed to fetch applications.'

const years = ({ startYear, endYear }: { startYear: number; endYear: number | null }) => `${startYear} - ${endYear ?? 'Present'}`

function Applicant({ application, onDecide, deciding }: { application: Application; onDecide: (status: Decision) => void; deciding: boolean }) {
  const { userDetails, jobApplicantsDetails: details } = application
  const name = `${userDetails.firstName} ${userDetails.lastName}`
  const headingId = `applicant-${application._id}`
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        {name}
      </h2>
      <h3 className="mt-4 font-semibold text-gray-900">Education</h3>
      {details.education.length > 0 ? (
        <ul className="mt-1 text-gray-700">
          {details.education.map((entry) => (
            <li key={entry._id}>
              {entry.institutionName} ({years(entry)})
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-gray-700">No education details available.</p>
      )}
      <h3 className="mt-4 font-semibold text-gray-900">Statement of Purpose</h3>
      <p className="mt-1 whitespace-pre-line text-gray-700">{application.sop}</p>
      <p className="mt-4">
        {details.resume ? (
          <a href={details.resume} target="_blank" rel="noreferrer" className="font-semibold text-blue-800 underline hover:text-blue-900">
            Resume of {name}
          </a>
        ) : (
          <span className="text-gray-700">No resume uploaded</span>
        )}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {application.status === 'shortlisted' && (
          <span className="rounded-full border border-green-700 bg-green-50 px-3 py-1 font-semibold text-green-800">Accepted</span>
        )}
        {application.status === 'rejected' && (
          <span className="rounded-full border border-red-700 bg-red-50 px-3 py-1 font-semibold text-red-800">Rejected</span>
        )}
        {application.status === 'applied' && (
          <>
            <button
              type="button"
              disabled={deciding}
              onClick={() => onDecide('shortlisted')}
              className="rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:bg-gray-500"
            >
              Shortlist
            </button>
            <button
              type="button"
              disabled={deciding}
              onClick={() => onDecide('rejected')}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:bg-gray-500"
            >
              Reject
            </button>
          </>
        )}
      </div>
    </article>
  )
}

/** SPEC section 2 "Applications for Selected Job": a pending application can be shortlisted or rejected once. */
export function JobApplicationsList({ jobId }: { jobId: string }) {
  const { data, isPending, isError } = useJobApplications(jobId)
  const decide = useUpdateApplicationStatus(jobId)

  useEffect(() => {
    if (isError) toast.error(FAILURE, { id: 'job-applications' })
  }, [isError])

  const onDecide = async (applicationId: string, status: Decision) => {
    const toastId = toast.loading('Loading...')
    try {
      const { message } = await decide.mutateAsync({ applicationId, status })
      toast.success(message || `Application status updated to ${status}`)
    } catch (error) {
      toast.error(errorMessage(error, 'Internal Server Error'))
    } finally {
      toast.dismiss(toastId)
    }
  }

  if (isError) return <p className="mt-8 text-gray-800">{FAILURE}</p>
  if (isPending) return <Spinner label="Loading applications..." />
  if (data.length === 0) return <p className="mt-8 text-gray-800">No applications found for this job.</p>

  return (
    <ul className="mt-8 flex flex-col gap-4" aria-label="Applications">
      {data.map((application) => (
        <li key={application._id}>
          <Applicant
            application={application}
            deciding={decide.isPending && decide.variables?.applicationId === application._id}
            onDecide={(status) => onDecide(application._id, status)}
          />
        </li>
      ))}
    </ul>
  )
}
