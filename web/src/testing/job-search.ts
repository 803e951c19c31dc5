import type { Job, JobFacets } from '@/features/jobs/types'
import { job } from './fixtures'
import { http, server } from './server'

export type JobsAnswer = { data: Job[]; total: number; totalCapped?: boolean; totalExact?: boolean; correctedQuery?: string; facets?: JobFacets }

/** Answers /jobs/alljobs from `answer` and records every request's query, in order. */
export function answerJobs(answer: (params: URLSearchParams) => JobsAnswer | Promise<JobsAnswer>) {
  const requests: URLSearchParams[] = []
  server.use(
    http.get('/jobs/alljobs', async ({ request, response }) => {
      const params = new URL(request.url).searchParams
      requests.push(params)
      const { totalCapped = false, totalExact = !totalCapped, ...rest } = await answer(params)
      return response(200).json({ success: true, message: 'Jobs fetched successfully', ...rest, totalCapped, totalExact, page: Number(params.get('page')), limit: 20 })
    }),
  )
  return requests
}

/** A request's query as a string, to compare whole. */
export const query = (params: URLSearchParams) => params.toString()

/** Twenty jobs per page, titled by their position in the whole list. */
export const pageOf = (total: number) => (params: URLSearchParams) => {
  const page = Number(params.get('page'))
  const count = Math.max(0, Math.min(20, total - (page - 1) * 20))
  return { total, data: Array.from({ length: count }, (_, i) => job({ _id: `p${page}-${i}`, title: `Job ${(page - 1) * 20 + i + 1}` })) }
}
