import { JobsForYou } from '@/features/jobs/components/jobs-for-you'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'

export default function JobsForYouPage() {
  return (
    <section>
      <title>Jobs for You | jobportal</title>
      <h1 id="jobs-for-you" className="text-3xl font-bold text-gray-900">
        Jobs for You
      </h1>
      <p className="mt-2 text-gray-700">Open jobs ranked by how well they match your skills and profile; jobs you applied to are left out.</p>
      <JobsForYou labelledBy="jobs-for-you" actions={(job) => <SaveJobButton job={job} className="mt-3" />} />
    </section>
  )
}
