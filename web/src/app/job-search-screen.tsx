import { useLocation } from 'react-router'
import { ButtonLink } from '@/components/ui/button-link'
import { SaveSearchButton } from '@/features/alerts/components/save-search-button'
import { useCategories } from '@/features/categories/api/get-categories'
import { useCompany } from '@/features/companies/api/get-company'
import { FilterChip } from '@/features/jobs/components/filter-chip'
import { JobResults, nothingFoundMessage } from '@/features/jobs/components/job-results'
import { JobSearchForm } from '@/features/jobs/components/job-search-form'
import { PlainJobSearch, plainSearchView } from '@/features/jobs/components/plain-job-search'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { describeSearch, filterLabel, savedSearchQuery } from '@/features/jobs/search'
import type { JobSearchState } from '@/features/jobs/use-job-search'
import { useSession } from '@/lib/auth'
import { withNext } from '@/lib/next-page'
import { useAppReady } from '@/lib/template'

/** The results' heading, which a change to the results from elsewhere on the page moves the focus to. */
const focusResults = () => document.getElementById('job-results')?.focus()

/**
 * The search box, its filters and the results, as /jobs, each category's page and each company's
 * page (`action`, the page's own path) show them. On a page the server drew, the first render is its
 * plain markup over again (lib/template.tsx), from the answers the page brought.
 */
export function JobSearchScreen({ jobSearch, action }: { jobSearch: JobSearchState; action: string }) {
  const categories = useCategories()
  const { accountType, loggedIn } = useSession()
  const { pathname, search } = useLocation()
  const { data } = jobSearch.results
  const ready = useAppReady()
  // A company the search is narrowed to, but not by the page's address: a filter, named by the company's name once known.
  const companyFilter = jobSearch.filters.includes('company') ? jobSearch.search.company : ''
  const companyName = useCompany(companyFilter, false).data?.name

  if (!ready && data && categories.data) {
    const none = nothingFoundMessage(jobSearch.scopedBy, jobSearch.search.q, jobSearch.filters.length)
    return <PlainJobSearch view={plainSearchView(action, jobSearch.addressed, data, jobSearch.scopedBy === 'category' ? null : categories.data, none)} />
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
      chips={
        companyFilter && (
          <FilterChip
            label={filterLabel(jobSearch.search, 'company', { companyName })}
            onRemove={() => {
              jobSearch.removeFilter('company')
              focusResults()
            }}
          />
        )
      }
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
        companyName={companyName}
        actions={accountType === 'Applicant' ? (job) => <SaveJobButton job={job} className="mt-3" /> : undefined}
      />
    </JobSearchForm>
  )
}
