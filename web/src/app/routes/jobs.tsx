import type { ReactNode } from 'react'
import { JobSearchScreen } from '@/app/job-search-screen'
import { screenTitle } from '@/app/site-pages'
import { useJobSearch } from '@/features/jobs/use-job-search'

/** The page around the search: its heading. */
export function JobsFrame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-12">
      <h1 className="text-3xl font-bold text-ink">Jobs</h1>
      {children}
    </section>
  )
}

export default function JobsPage() {
  const jobSearch = useJobSearch()
  return (
    <JobsFrame>
      <title>{screenTitle('/jobs')}</title>
      <JobSearchScreen jobSearch={jobSearch} action="/jobs" />
    </JobsFrame>
  )
}
