import { useEffect } from 'react'
import toast from 'react-hot-toast'
import { useParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { Spinner } from '@/components/ui/spinner'
import { useJob } from '@/features/jobs/api/get-job'
import { formatDate, formatSalary, isPastDeadline } from '@/features/jobs/format'
import { ApiError, errorMessage } from '@/lib/api-client'

export default function JobPage() {
  const { jobId = '' } = useParams()
  const { data: job, error } = useJob(jobId)
  const notFound = error instanceof ApiError && error.status === 404

  useEffect(() => {
    if (error && !notFound) toast.error(errorMessage(error, 'Internal Server Error'), { id: 'job' })
  }, [error, notFound])

  if (notFound) return <NotFound />
  if (error) return null
  if (!job) return <Spinner />

  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <title>{`${job.title} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{job.title}</h1>
      <p className="mt-2 text-lg text-gray-700">{job.company}</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-gray-800">
        <dt className="font-medium">Location</dt>
        <dd>{job.location}</dd>
        <dt className="font-medium">Job type</dt>
        <dd>{job.jobType}</dd>
        <dt className="font-medium">Salary</dt>
        <dd>{formatSalary(job.salary)}</dd>
        <dt className="font-medium">Category</dt>
        <dd>{job.categoryName}</dd>
        <dt className="font-medium">Positions</dt>
        <dd>{job.maxPositions}</dd>
        <dt className="font-medium">Max Applications</dt>
        <dd>{job.maxApplicants}</dd>
        <dt className="font-medium">Posted on</dt>
        <dd>{formatDate(job.dateOfPosting)}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Description</h2>
      <p className="mt-2 whitespace-pre-line text-gray-700">{job.description}</p>
      {job.skillsets.length > 0 && (
        <>
          <h2 className="mt-8 text-xl font-semibold text-gray-900">Skills</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {job.skillsets.map((skill) => (
              <li key={skill} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
                {skill}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-8 font-semibold">
        {isPastDeadline(job.deadline) ? (
          <span className="text-red-700">No longer accepting applications</span>
        ) : (
          <span className="text-gray-800">Last Date to Apply: {formatDate(job.deadline)}</span>
        )}
      </p>
    </article>
  )
}
