import { useEffect, useState } from 'react'
import toast from 'react-hot-toast'
import { Spinner } from '@/components/ui/spinner'
import { useJobs } from '@/features/jobs/api/get-jobs'
import { JobCard } from '@/features/jobs/components/job-card'
import { JOB_TYPES, type Job, type JobType } from '@/features/jobs/types'

/** SPEC section 5 "Jobs search"; the server takes this over in a later issue. */
function matches(job: Job, text: string, types: JobType[]) {
  const needle = text.trim().toLowerCase()
  const textMatch = !needle || [job.title, job.company, job.location].some((field) => field.toLowerCase().includes(needle))
  return textMatch && (types.length === 0 || types.includes(job.jobType))
}

export default function JobsPage() {
  const { data: jobs, isPending, isError } = useJobs()
  const [text, setText] = useState('')
  const [types, setTypes] = useState<JobType[]>([])

  useEffect(() => {
    if (isError) toast.error('Could Not Fetch Jobs', { id: 'jobs' })
  }, [isError])

  const toggleType = (type: JobType) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]))

  const visible = (jobs ?? []).filter((job) => matches(job, text, types))

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>Jobs | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Jobs</h1>
      <form role="search" className="mt-6 flex flex-col gap-4 md:flex-row md:items-end" onSubmit={(e) => e.preventDefault()}>
        <div className="flex-1">
          <label htmlFor="job-search" className="block font-medium text-gray-800">
            Search jobs
          </label>
          <input
            id="job-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Title, company or location"
            className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2 placeholder:text-gray-600"
          />
        </div>
        <fieldset className="flex gap-4">
          <legend className="sr-only">Job type</legend>
          {JOB_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-gray-800">
              <input type="checkbox" checked={types.includes(type)} onChange={() => toggleType(type)} className="h-4 w-4" />
              {type}
            </label>
          ))}
        </fieldset>
      </form>
      {isPending ? (
        <Spinner label="Loading jobs..." />
      ) : visible.length === 0 ? (
        <p className="mt-8 text-gray-700">No jobs found for your search.</p>
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {visible.map((job) => (
            <li key={job._id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
