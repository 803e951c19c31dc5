import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { JobSearchScreen } from '@/app/job-search-screen'
import { useCategories } from '@/features/categories/api/get-categories'
import type { Category } from '@/features/categories/types'
import { JobListSkeleton } from '@/features/jobs/components/job-card'
import { RESULTS_COLUMN, SEARCH_LAYOUT } from '@/features/jobs/components/job-search-form'
import { jobSearchParams } from '@/features/jobs/search'
import { useJobSearch } from '@/features/jobs/use-job-search'
import { errorMessage } from '@/lib/api-client'
import type { ErrorToast } from '@/lib/query-client'
import { categorySlug, titleFromSlug } from '@/lib/slug'

const FAILURE = 'Could Not Fetch Catagory page data.'
const FAILURE_TOAST: ErrorToast = { id: 'category-page', message: (error) => errorMessage(error, FAILURE) }

const pageTitle = (name: string) => `${name} jobs | jobportal`

/**
 * A category's page (/category/information-technology): the search of /jobs with that category
 * chosen, under the category's own address and title. The address names the category by its slug,
 * compared without regard to case; an unknown or hidden one is not found.
 */
export default function CategoryPage() {
  const { categoryName = '' } = useParams()
  const categories = useCategories(FAILURE_TOAST)
  const match = categories.data?.find((category) => categorySlug(category.name) === categoryName.toLowerCase())

  if (categories.isSuccess && !match) return <NotFound />
  if (categories.isError) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-6 md:py-12">
        <h1 className="text-3xl font-bold text-ink">Category</h1>
        <p className="mt-4 text-gray-700">{FAILURE}</p>
      </section>
    )
  }
  if (!match || !categories.data) {
    // While the categories load, the page has its final shape: the name from the link, a line for the description, placeholder cards.
    const name = titleFromSlug(categoryName)
    return (
      <section className="mx-auto max-w-6xl px-4 py-6 md:py-12">
        <title>{pageTitle(name)}</title>
        <h1 className="text-3xl font-bold text-ink">{name}</h1>
        <div aria-hidden="true" className="mt-2 flex h-7 items-center">
          <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
        </div>
        <div className={SEARCH_LAYOUT}>
          <div className={RESULTS_COLUMN}>
            <h2 id="job-results" className="mt-6 text-xl font-semibold text-ink md:mt-10 lg:mt-0">
              Results
            </h2>
            <JobListSkeleton labelledBy="job-results" />
          </div>
        </div>
      </section>
    )
  }
  return <CategorySearch category={match} categories={categories.data} />
}

function CategorySearch({ category, categories }: { category: Category; categories: Category[] }) {
  const jobSearch = useJobSearch({
    field: 'category',
    value: category._id,
    pathFor: (id) => {
      const other = categories.find((each) => each._id === id)
      return other ? `/category/${categorySlug(other.name)}` : '/jobs'
    },
  })
  // The same words and filters over every category.
  const everyCategory = jobSearchParams({ ...jobSearch.search, category: '', page: 1 }).toString()

  return (
    <CategoryFrame name={category.name} description={category.description} allCategories={everyCategory ? `/jobs?${everyCategory}` : '/jobs'}>
      <title>{pageTitle(category.name)}</title>
      <JobSearchScreen jobSearch={jobSearch} action={`/category/${categorySlug(category.name)}`} />
    </CategoryFrame>
  )
}

/** A category's page around its search: its name, the way to every category's, its description. */
export function CategoryFrame({ name, description, allCategories, children }: { name: string; description: string; allCategories: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 md:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6">
        <h1 className="text-3xl font-bold text-ink">{name}</h1>
        <Link to={allCategories} className="inline-block py-1 font-medium text-primary-strong underline underline-offset-2 hover:text-blue-900">
          Search all categories
        </Link>
      </div>
      <p className="mt-2 text-lg text-gray-700">{description}</p>
      {children}
    </section>
  )
}
