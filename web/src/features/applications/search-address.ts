import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { APPLICANT_PAGE_SIZE, APPLICANT_RESULTS_CAP } from './api/search-applicants'
import { readScreeningFilters, type ScreeningFilters } from './screening'
import { SEARCHED_STAGES } from './stages'

/** The last page the API serves. */
export const LAST_APPLICANT_PAGE = APPLICANT_RESULTS_CAP / APPLICANT_PAGE_SIZE

/** The page the address asks for (`?page=`): a whole number from 1 to the last page, 1 otherwise. */
function readPage(value: string | null) {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= LAST_APPLICANT_PAGE ? page : 1
}

/** A change of the address: a name set to a value, or taken out with null. */
export type AddressPatch = Record<string, string | null>

/**
 * The hiring team's search of the applicants as the address keeps it, so a reload or a shared link
 * keeps it: the words (`q`), the page, the stage searched and the screening filters (`meets`,
 * `question`, `answer`).
 * A change other than the page's starts again from the first page; `replace` keeps typing and
 * filtering from filling the history (paging is what Back undoes).
 */
export function useApplicantSearchAddress() {
  const [params, setParams] = useSearchParams()
  const change = useCallback(
    (patch: AddressPatch, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [name, value] of Object.entries(patch)) {
            if (value) next.set(name, value)
            else next.delete(name)
          }
          if (!('page' in patch)) next.delete('page')
          return next
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  )
  const changeFilters = useCallback(
    ({ meets, question, answer }: Partial<ScreeningFilters>) =>
      change({
        ...(meets !== undefined && { meets: meets ? 'all' : null }),
        ...(question !== undefined && { question }),
        ...(answer !== undefined && { answer }),
      }, true),
    [change],
  )
  const stage = SEARCHED_STAGES.find((each) => each === params.get('stage')) ?? ''
  return { params, words: (params.get('q') ?? '').trim(), page: readPage(params.get('page')), stage, filters: readScreeningFilters(params), change, changeFilters }
}
