import { SaveSearchButton } from '@/features/alerts/components/save-search-button'
import { useCategories } from '@/features/categories/api/get-categories'
import { JobResults } from '@/features/jobs/components/job-results'
import { JobSearchForm } from '@/features/jobs/components/job-search-form'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { describeSearch, savedSearchQuery } from '@/features/jobs/search'
import type { JobSearchState } from '@/features/jobs/use-job-search'
import { useSession } from '@/lib/auth'

/** The search box, its filters and the results, as /jobs and each category's page show them. */
export function JobSearchScreen({ jobSearch }: { jobSearch: JobSearchState }) {
  const categories = useCategories()
  const { accountType } = useSession()
  const { data } = jobSearch.results

  return (
    <>
      <JobSearchForm
        search={jobSearch.search}
        onSearch={jobSearch.update}
        categories={categories.data}
        categoriesLoading={categories.isPending}
        facets={data?.facets ?? undefined}
        filterCount={jobSearch.filters.length}
        onClearFilters={jobSearch.clearFilters}
        matches={data && !jobSearch.results.isFetching ? { total: data.total, capped: data.totalCapped } : undefined}
        actions={
          accountType === 'Applicant' && (
            <SaveSearchButton query={savedSearchQuery(jobSearch.search)} suggestedName={describeSearch(jobSearch.search)} />
          )
        }
      />
      <JobResults
        {...jobSearch}
        categories={categories.data}
        actions={accountType === 'Applicant' ? (job) => <SaveJobButton job={job} className="mt-3" /> : undefined}
      />
    </>
  )
}
