import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useAuditLog } from '../api/get-audit-log'
import { actionLabel, pageCount, readPage } from '../format'

const cell = 'border-b border-gray-200 px-3 py-2 text-left align-top'

/** Whether the element's content is wider than the element (it scrolls sideways), kept up to date as either resizes. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>, content: unknown) {
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    measure()
    return () => observer.disconnect()
  }, [ref, content])
  return overflows
}

/** What the Admins did, newest first, a page at a time: when, who, what, to what, and why. */
export function AuditLog() {
  const captionId = useId()
  const tableRef = useRef<HTMLDivElement>(null)
  const [params, setParams] = useSearchParams()
  const page = readPage(params)
  const { data, error, isPending, isPlaceholderData, refetch } = useAuditLog(page)
  const scrolls = useOverflowsSideways(tableRef, data)

  if (error && !data) {
    return (
      <div className="mt-8">
        <p className="text-gray-800">{errorMessage(error, 'Could not fetch the audit log.')}</p>
        <Button className="mt-4" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (isPending) return <Spinner label="Loading the audit log..." />
  if (data.total === 0) return <p className="mt-8 text-gray-800">No Admin has done anything yet.</p>

  const pages = pageCount(data.total, data.limit)
  return (
    <>
      {/*
        The table keeps every column at a readable width (an e-mail on one line); a narrower screen
        (a phone) scrolls it sideways inside this region, which the keyboard can reach, and says so
        above it. The region is positioned, so the visually hidden "None"s scroll with it instead of
        widening the page.
      */}
      {scrolls && (
        <p className="mt-8 text-sm text-gray-700">
          <span aria-hidden="true">↔ </span>Scroll the table sideways to see every column.
        </p>
      )}
      <div
        ref={tableRef}
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className={`relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${scrolls ? 'mt-2' : 'mt-8'} ${isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <table className="w-full min-w-[48rem] border-collapse text-sm text-gray-800" aria-busy={isPlaceholderData}>
          <caption id={captionId} className="mb-2 text-left text-gray-700">
            Audit log, page {page} of {pages} ({data.total} in all)
          </caption>
          <thead>
            <tr>
              {['When', 'Admin', 'Action', 'Target', 'Reason'].map((heading) => (
                <th key={heading} scope="col" className={`${cell} border-gray-500 font-semibold text-gray-900`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.data.map((entry) => (
              <tr key={entry._id}>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={entry.at}>{formatZonedDateTime(entry.at)}</time>
                </td>
                <td className={`${cell} whitespace-nowrap`}>{entry.adminEmail}</td>
                <td className={cell}>{actionLabel(entry.action)}</td>
                <td className={`${cell} min-w-[10rem] break-words`}>{entry.targetLabel}</td>
                <td className={`${cell} min-w-[12rem] break-words`}>
                  {entry.reason ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">None</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <Pagination
          page={page}
          pageCount={pages}
          onChange={(next) => {
            setParams(next > 1 ? { page: String(next) } : {})
            tableRef.current?.focus()
          }}
        />
      )}
    </>
  )
}
