import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { jobQueryOptions } from '@/features/jobs/api/get-job'
import { jobsQueryOptions } from '@/features/jobs/api/get-jobs'
import { parseJobSearch } from '@/features/jobs/search'
import { resetPageAnswers } from '@/lib/page-data'
import { createQueryClient } from '@/lib/query-client'
import { categories, job } from '@/testing/fixtures'
import { fillFromPage } from './page-queries'
import { arriveWith } from '@/testing/page-data'

afterEach(() => {
  document.getElementById('page-data')?.remove()
  resetPageAnswers()
})

// The unit tests' server answers no request these tests do not set up: each fill below is made from the page alone.
const envelope = (body: object) => ({ success: true, message: 'ok', ...body })
const page = { total: 1, totalCapped: false, totalExact: true, page: 1, limit: 20, data: [job({ _id: 'j1' })] }
const categoriesAnswer = { url: '/api/v1/jobs/showAllCategories', body: envelope({ categories }) }

test("a job's page puts the job it arrived with in the cache before the app draws", async () => {
  const theJob = job({ _id: 'j 1', title: 'Drawn by the server' })
  arriveWith([{ url: '/api/v1/jobs/getJob/j%201', body: envelope({ data: theJob }) }])
  const client = createQueryClient()
  await fillFromPage(client, { pathname: '/job/j%201', search: '' })
  expect(client.getQueryData(jobQueryOptions('j 1').queryKey)).toEqual(theJob)
})

test("/jobs puts the search its address asks for, and the categories, in the cache", async () => {
  arriveWith([{ url: '/api/v1/jobs/alljobs?q=rust&workMode=Remote&openOnly=true&page=1&limit=20', body: envelope(page) }, categoriesAnswer])
  const client = createQueryClient()
  await fillFromPage(client, { pathname: '/jobs', search: '?q=rust&workMode=Remote' })
  const search = parseJobSearch(new URLSearchParams('q=rust&workMode=Remote'))
  expect(client.getQueryData(jobsQueryOptions(search).queryKey)).toEqual({ ...page, correctedQuery: undefined, facets: undefined })
  expect(client.getQueryData(categoriesQueryOptions().queryKey)).toEqual(categories)
})

test("a category's page puts that category's search in the cache", async () => {
  const engineering = categories.find((category) => category.name === 'Engineering')!
  arriveWith([{ url: `/api/v1/jobs/alljobs?category=${engineering._id}&openOnly=true&page=1&limit=20`, body: envelope(page) }, categoriesAnswer])
  const client = createQueryClient()
  await fillFromPage(client, { pathname: '/category/engineering', search: '' })
  const search = { ...parseJobSearch(new URLSearchParams()), category: engineering._id }
  expect(client.getQueryData(jobsQueryOptions(search).queryKey)?.total).toBe(1)
})
