type PaginationProps = {
  page: number
  pageCount: number
  /** More pages exist than `pageCount` says (the server stopped counting). */
  hasMore: boolean
  onChange: (page: number) => void
}

const button =
  'rounded-md border border-gray-400 px-4 py-2 font-medium text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:border-gray-300 disabled:bg-gray-50 disabled:text-gray-500'

export function Pagination({ page, pageCount, hasMore, onChange }: PaginationProps) {
  const last = page >= pageCount && !hasMore
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        Previous
      </button>
      <p className="text-gray-800">
        Page {page} of {pageCount}
        {hasMore ? '+' : ''}
      </p>
      <button type="button" className={button} disabled={last} onClick={() => onChange(page + 1)} aria-label="Next page">
        Next
      </button>
    </nav>
  )
}
