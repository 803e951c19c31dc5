import { useSearchParams } from 'react-router'
import { readPage } from '../format'

type Paged = { page: number }

/**
 * A paged list's search, held in the URL: `read` takes its filters from the URL's query and `write`
 * puts them back; the page follows them.
 */
export function usePagedSearch<Filters extends object>(read: (params: URLSearchParams) => Filters, write: (filters: Filters) => URLSearchParams) {
  const [params, setParams] = useSearchParams()
  const search: Filters & Paged = { ...read(params), page: readPage(params) }
  const go = (next: Filters & Paged, replace: boolean) => {
    const query = write(next)
    if (next.page > 1) query.set('page', String(next.page))
    setParams(query, { replace })
  }
  /** Changes the filters, starting again from page 1. */
  const update = (patch: Partial<Filters>) => go({ ...search, ...patch, page: 1 }, false)
  /** Moves to another page of the same search. */
  const onPage = (page: number, replace = false) => go({ ...search, page }, replace)
  return { search, update, onPage }
}
