import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import type { ScreeningQuery } from '../screening'

export type FoundApplication = Schemas['FoundApplication']
export type ApplicantSearchResponse = Schemas['ApplicantSearchResponse']

/** Results per page (the API's default, said aloud so the pages are counted alike here). */
export const APPLICANT_PAGE_SIZE = 20

/** Where the API stops: no page goes past the first 1,000 results (docs/rules.md#applicant-search). */
export const APPLICANT_RESULTS_CAP = 1000

/** A search of the applicants: the words, the one job (none: every job the caller works), the stage, the screening filters and the page. */
export type ApplicantSearch = { q: string; job?: string; stage?: string; page: number } & ScreeningQuery

/** Every search's results: what a change to an application updates. */
export const applicantSearchKey = ['applications', 'search'] as const

export function searchApplicants({ q, job, stage, page, meets, question, answer }: ApplicantSearch): Promise<ApplicantSearchResponse> {
  const query = { q, ...(job && { job }), ...(stage && { stage }), ...(meets && { meets }), ...(question && { question }), ...(answer && { answer }), page, limit: APPLICANT_PAGE_SIZE }
  return payload(api.GET('/auth/applications/search', { params: { query } }))
}

export const applicantSearchQueryOptions = (search: ApplicantSearch) =>
  queryOptions({
    queryKey: [...applicantSearchKey, search],
    queryFn: () => searchApplicants(search),
    // The results say a failure in place (a 503 while the index is being built says to wait).
    meta: { errorToast: false },
  })

/** Searches while there are words; the page shown stays while the next one loads, so the list does not jump. */
export const useApplicantSearch = (search: ApplicantSearch) =>
  useQuery({ ...applicantSearchQueryOptions(search), enabled: search.q !== '', placeholderData: keepPreviousData })
