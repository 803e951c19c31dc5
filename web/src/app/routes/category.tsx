import { useParams } from 'react-router'
import { NotFound } from '@/components/ui/not-found'
import { useCategories } from '@/features/categories/api/get-categories'
import { useCategoryPage } from '@/features/categories/api/get-category-page'
import { JobCard, JobListSkeleton } from '@/features/jobs/components/job-card'
import { SaveJobButton } from '@/features/jobs/components/save-job-button'
import { errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { ErrorToast } from '@/lib/query-client'
import { categorySlug, titleFromSlug } from '@/lib/slug'

const FAILURE = 'Could Not Fetch Catagory page data.'
const FAILURE_TOAST: ErrorToast = { id: 'category-page', message: (error) => errorMessage(error, FAILURE) }

export default function CategoryPage() {
  const { categoryName = '' } = useParams()
  const categories = useCategories(FAILURE_TOAST)
  const match = categories.data?.find((category) => categorySlug(category.name) === categoryName.toLowerCase())
  const page = useCategoryPage(match?._id, FAILURE_TOAST)
  const error = categories.error ?? page.error
  const { accountType } = useSession()

  if (categories.isSuccess && !match) return <NotFound />
  if (error) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-16">
        <h1 className="text-3xl font-bold text-gray-900">{match?.name ?? 'Category'}</h1>
        <p className="mt-4 text-gray-700">{FAILURE}</p>
      </section>
    )
  }
  // While loading, the page has its final shape: the name from the link, a line for the description, placeholder cards.
  const name = page.data?.name ?? match?.name ?? titleFromSlug(categoryName)
  const jobs = page.data?.jobs
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>{`${name} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{name}</h1>
      {page.data ? (
        <p className="mt-3 text-lg text-gray-700">{page.data.description}</p>
      ) : (
        <div aria-hidden="true" className="mt-3 flex h-7 items-center">
          <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
        </div>
      )}
      <h2 id="category-jobs" className="mt-10 text-xl font-semibold text-gray-900">
        Jobs
      </h2>
      {!jobs ? (
        <JobListSkeleton labelledBy="category-jobs" />
      ) : jobs.length === 0 ? (
        <p className="mt-4 text-gray-700">No jobs available for this category.</p>
      ) : (
        <ul aria-labelledby="category-jobs" className="mt-4 grid gap-4 md:grid-cols-2">
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job}>{accountType === 'Applicant' && <SaveJobButton job={job} className="mt-3" />}</JobCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
