import { Button } from './button'

type PaginationProps = {
  page: number
  pageCount: number
  /** More pages exist than `pageCount` says (the server stopped counting). */
  hasMore?: boolean
  onChange: (page: number) => void
}

/** Previous and Next around "Page 2 of 5"; each end's button is disabled there. */
export function Pagination({ page, pageCount, hasMore = false, onChange }: PaginationProps) {
  const last = page >= pageCount && !hasMore
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      <Button variant="neutral" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        Previous
      </Button>
      <p className="text-gray-800">
        Page {page} of {pageCount}
        {hasMore ? '+' : ''}
      </p>
      <Button variant="neutral" disabled={last} onClick={() => onChange(page + 1)} aria-label="Next page">
        Next
      </Button>
    </nav>
  )
}
