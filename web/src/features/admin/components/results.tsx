import { useEffect, useEffectEvent, useId, type ReactNode, type RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { countOf, pageCount as countPages } from '../format'

type Page = { data: unknown[]; total: number; limit: number }

type Props = {
  /** Moves to the list's heading when the list changes under the focus (a new page, a row gone). */
  headingRef: RefObject<HTMLHeadingElement | null>
  results: { data?: Page; error: Error | null; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown }
  page: number
  onPage: (page: number, replace?: boolean) => void
  /** What the list holds, one and many ("job", "jobs"), as its count and its states name it: "1 job found", "Loading jobs...", "No jobs found." */
  noun: { one: string; many: string }
  children: ReactNode
}

/** A paged list's results: its heading, the count (announced), the items and Previous/Next. */
export function Results({ headingRef, results, page, onPage, noun, children }: Props) {
  const headingId = useId()
  const { data, error, isFetching, isPlaceholderData, refetch } = results
  const pages = data ? countPages(data.total, data.limit) : 1

  // A page the results no longer reach (its last item went, or a shared link): show the last there is.
  const pastTheEnd = !!data && !isPlaceholderData && data.total > 0 && page > pages
  const toLastPage = useEffectEvent(() => onPage(pages, true))
  useEffect(() => {
    if (pastTheEnd) toLastPage()
  }, [pastTheEnd, pages])

  const status = isFetching
    ? `Loading ${noun.many}...`
    : error
      ? errorMessage(error, FALLBACK_MESSAGE)
      : data
        ? data.total === 0
          ? `No ${noun.many} found.`
          : `${countOf(data.total, noun.one, noun.many)} found`
        : ''

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900">
        Results
      </h2>
      <p role="status" className="mt-2 min-h-6 text-gray-700">
        {status}
      </p>
      {error && !data && (
        <Button className="mt-4" onClick={() => refetch()}>
          Try again
        </Button>
      )}
      {data && data.data.length > 0 && (
        <ul aria-labelledby={headingId} aria-busy={isPlaceholderData} className={`mt-4 flex flex-col gap-4 ${isPlaceholderData ? 'opacity-60' : ''}`}>
          {children}
        </ul>
      )}
      {data && pages > 1 && (
        <Pagination
          page={page}
          pageCount={pages}
          onChange={(next) => {
            onPage(next)
            headingRef.current?.focus()
          }}
        />
      )}
    </section>
  )
}
