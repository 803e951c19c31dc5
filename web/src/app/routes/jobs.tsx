import { JobSearchScreen } from '@/app/job-search-screen'
import { screenTitle } from '@/app/site-pages'
import { useJobSearch } from '@/features/jobs/use-job-search'

export default function JobsPage() {
  const jobSearch = useJobSearch()
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-12">
      <title>{screenTitle('/jobs')}</title>
      <h1 className="text-3xl font-bold text-ink">Jobs</h1>
      <JobSearchScreen jobSearch={jobSearch} />
    </section>
  )
}
