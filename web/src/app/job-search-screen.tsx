import { useLocation } from 'react-router'
import { ButtonLink } from '@/components/ui/button-link'
import { SaveSearchButton } from '@/features/alerts/components/save-search-button'
import { useCategories } from '@/features/categories/api/get-categories'
import { JobResults, nothingFoundMessage } from '@/features/jobs/components/job-results'
import { JobSearchForm } from '@/features/jobs/components/job-search-form'
import { PlainJobSearch, plainSearchView } from '@/features/jobs/components/plain-job-search'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { describeSearch, savedSearchQuery } from '@/features/jobs/search'
import type { JobSearchState } from '@/features/jobs/use-job-search'
import { useSession } from '@/lib/auth'
import { withNext } from '@/lib/next-page'
import { useAppReady } from '@/lib/template'

/**
 * The search box, its filters and the results, as /jobs and each category's page (`action`, the
 * page's own path) show them. On a page the server drew, the first render is its plain markup over
 * again (lib/template.tsx), from the answers the page brought.
 */
export function JobSearchScreen({ jobSearch, action }: { jobSearch: JobSearchState; action: string }) {
  const categories = useCategories()
  const { accountType, loggedIn } = useSession()
  const { pathname, search } = useLocation()
  const { data } = jobSearch.results
  const ready = useAppReady()

  if (!ready && data && categories.data) {
    const none = nothingFoundMessage(jobSearch.inCategory, jobSearch.search.q, jobSearch.filters.length)
    return <PlainJobSearch view={plainSearchView(action, jobSearch.search, data, jobSearch.inCategory ? null : categories.data, none)} />
  }

  return (
    <JobSearchForm
      search={jobSearch.search}
      onSearch={jobSearch.update}
      categories={categories.data}
      categoriesLoading={categories.isPending}
      facets={data?.facets ?? undefined}
      filterCount={jobSearch.filters.length}
      onClearFilters={jobSearch.clearFilters}
      matches={data && !jobSearch.results.isFetching ? { total: data.total, capped: data.totalCapped, exact: data.totalExact } : undefined}
      actions={
        accountType === 'Applicant' ? (
          <SaveSearchButton query={savedSearchQuery(jobSearch.search)} suggestedName={describeSearch(jobSearch.search)} />
        ) : (
          // A guest learns that an account saves searches (and jobs), and comes back to this very search.
          !loggedIn && (
            <ButtonLink to={withNext('/login', `${pathname}${search}`)} variant="secondary" size="sm">
              Log in to save this search
            </ButtonLink>
          )
        )
      }
    >
      <JobResults
        {...jobSearch}
        categories={categories.data}
        actions={accountType === 'Applicant' ? (job) => <SaveJobButton job={job} className="mt-3" /> : undefined}
      />
    </JobSearchForm>
  )
}
