import { useId, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useAuditLog } from '../api/get-audit-log'
import { actionLabel, pageCount, readPage } from '../format'

const cell = 'border-b border-gray-200 px-3 py-2 text-left align-top'

/** What the Admins did, newest first, a page at a time: when, who, what, to what, and why. */
export function AuditLog() {
  const captionId = useId()
  const tableRef = useRef<HTMLDivElement>(null)
  const [params, setParams] = useSearchParams()
  const page = readPage(params)
  const { data, error, isPending, isPlaceholderData, refetch } = useAuditLog(page)

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
        A phone scrolls the table sideways inside this region, which the keyboard can reach; it is
        positioned, so the visually hidden "None"s scroll with it instead of widening the page.
      */}
      <div ref={tableRef} role="region" aria-labelledby={captionId} tabIndex={0} className={`relative mt-8 overflow-x-auto ${isPlaceholderData ? 'opacity-60' : ''}`}>
        <table className="w-full border-collapse text-sm text-gray-800" aria-busy={isPlaceholderData}>
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
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td className={`${cell} break-all`}>{entry.adminEmail}</td>
                <td className={cell}>{actionLabel(entry.action)}</td>
                <td className={`${cell} break-words`}>{entry.targetLabel}</td>
                <td className={`${cell} break-words`}>
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
