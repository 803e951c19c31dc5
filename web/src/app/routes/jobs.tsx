import { SaveSearchButton } from '@/features/alerts/components/save-search-button'
import { useCategories } from '@/features/categories/api/get-categories'
import { JobResults } from '@/features/jobs/components/job-results'
import { JobSearchForm } from '@/features/jobs/components/job-search-form'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { describeSearch, savedSearchQuery } from '@/features/jobs/search'
import { useJobSearch } from '@/features/jobs/use-job-search'
import { useSession } from '@/lib/auth'
import { screenTitle } from '@/app/site-pages'

export default function JobsPage() {
  const jobSearch = useJobSearch()
  const categories = useCategories()
  const { accountType } = useSession()

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>{screenTitle('/jobs')}</title>
      <h1 className="text-3xl font-bold text-ink">Jobs</h1>
      <JobSearchForm
        search={jobSearch.search}
        onSearch={jobSearch.update}
        categories={categories.data}
        categoriesLoading={categories.isPending}
        facets={jobSearch.results.data?.facets ?? undefined}
      />
      {accountType === 'Applicant' && (
        <div className="mt-4 flex justify-end">
          <SaveSearchButton query={savedSearchQuery(jobSearch.search)} suggestedName={describeSearch(jobSearch.search)} />
        </div>
      )}
      <JobResults
        {...jobSearch}
        actions={accountType === 'Applicant' ? (job) => <SaveJobButton job={job} className="mt-3" /> : undefined}
      />
    </section>
  )
}
