import type { QueryClient } from '@tanstack/react-query'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { companyQueryOptions } from '@/features/companies/api/get-company'
import { jobQueryOptions } from '@/features/jobs/api/get-job'
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs'
import { parseJobSearch } from '@/features/jobs/search'
import { categorySlug } from '@/lib/slug'

const JOB = /^\/job\/([^/]+)\/?$/i
const JOBS = /^\/jobs\/?$/i
const CATEGORY = /^\/category\/([^/]+)\/?$/i
const COMPANY = /^\/company\/([^/]+)\/?$/i

const segment = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Puts what a public page's first screen shows into the cache before the app draws it, from the
 * answers the page arrived with (lib/page-data; docs/product.md#content-before-script): a job, or a
 * search's first page and the categories (and on a company's page, the company). The screen then draws complete in place of the server's
 * markup, never a loading state in between. Whatever the page did not bring is left to the screen.
 */
export async function fillFromPage(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  const job = JOB.exec(pathname)
  if (job) {
    await client.prefetchQuery(jobQueryOptions(segment(job[1])))
    return
  }
  const params = new URLSearchParams(search)
  const company = COMPANY.exec(pathname)
  if (company) {
    const slug = segment(company[1]).toLowerCase()
    await Promise.all([
      client.prefetchQuery(companyQueryOptions(slug)),
      client.prefetchQuery(categoriesQueryOptions()),
      client.prefetchQuery(jobsQueryOptions({ ...parseJobSearch(params), company: slug })),
    ])
    return
  }
  const category = CATEGORY.exec(pathname)
  if (!category && !JOBS.test(pathname)) return
  await client.prefetchQuery(categoriesQueryOptions())
  if (!category) {
    await client.prefetchQuery(jobsQueryOptions(parseJobSearch(params)))
    return
  }
  const slug = segment(category[1]).toLowerCase()
  const match = client.getQueryData(categoriesQueryOptions().queryKey)?.find((each) => categorySlug(each.name) === slug)
  if (match) await client.prefetchQuery(jobsQueryOptions({ ...parseJobSearch(params), category: match._id }))
}
