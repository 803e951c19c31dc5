import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import { isOnline } from '@/lib/use-online'
import type { Job } from '../types'

export async function getJob(jobId: string): Promise<Job> {
  const { data } = await payload(api.GET('/jobs/getJob/{jobId}', { params: { path: { jobId } } }))
  return data
}

/** Requests started by `prefetchJob` that no query has taken yet. */
const started = new Map<string, Promise<Job>>()

/**
 * Starts loading a job while the job page's code is still on its way (the route's loader calls it),
 * so the two downloads overlap instead of following each other. The page's query takes the request
 * over; one that nobody takes is dropped after a few seconds, so it is never served stale.
 */
export function prefetchJob(jobId: string) {
  // Offline, the page's query waits for the connection (with the job as last seen, if it was kept).
  if (started.has(jobId) || !isOnline()) return
  const request = getJob(jobId)
  request.catch(() => {}) // the query that takes it over reports the failure
  started.set(jobId, request)
  // Only this request: a later visit's request for the same job keeps its own five seconds.
  setTimeout(() => {
    if (started.get(jobId) === request) started.delete(jobId)
  }, 5_000)
}

function takeStarted(jobId: string) {
  const request = started.get(jobId)
  started.delete(jobId)
  return request
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: ['jobs', 'detail', jobId], queryFn: () => takeStarted(jobId) ?? getJob(jobId) })

/** `errorToast` is the screen's: without one a failure says the server's message, `false` says nothing. */
export const useJob = (jobId: string, errorToast?: ErrorToast | false) => useQuery(withErrorToast(jobQueryOptions(jobId), errorToast))
