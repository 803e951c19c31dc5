import { useId, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { useAdminAccounts, useReinstateAccount, useSuspendAccount, type AccountSearch } from '../api/admin-accounts'
import { countOf, readPage } from '../format'
import type { AdminAccount } from '../types'
import { Badge } from './badge'
import { ReasonDialog } from './reason-dialog'
import { Results } from './results'
import { SearchForm } from './search-form'

function AccountRow({ account }: { account: AdminAccount }) {
  const headingId = useId()
  const [suspending, setSuspending] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const suspend = useSuspendAccount()
  const reinstate = useReinstateAccount()
  const name = `${account.firstName} ${account.lastName}`
  const suspended = account.suspendedAt !== null

  const reinstateAccount = async () => {
    try {
      const { message } = await reinstate.mutateAsync(account._id)
      toast.success(message)
    } catch {
      // The mutation's toast says it (lib/query-client).
    }
    // The button was busy (and so lost the focus); it now offers Suspend.
    toggleRef.current?.focus()
  }

  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-gray-900">
            {name}
          </h3>
          {suspended && <Badge tone="danger">Suspended</Badge>}
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
          <dt className="font-medium">E-mail</dt>
          <dd className="break-all">{account.email}</dd>
          <dt className="font-medium">Type</dt>
          <dd>{account.accountType}</dd>
          <dt className="font-medium">Joined</dt>
          <dd>{formatDate(account.createdAt)}</dd>
        </dl>
        {suspended && (
          <p className="mt-2 rounded-md border border-danger bg-danger-soft p-2 text-sm break-words text-danger-strong">
            Suspended on {formatDate(account.suspendedAt!)}: {account.suspensionReason}
          </p>
        )}
        {/* An Admin account cannot be suspended. */}
        {account.accountType !== 'Admin' && (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              ref={toggleRef}
              variant={suspended ? 'neutral' : 'danger-outline'}
              size="sm"
              loading={reinstate.isPending}
              aria-label={`${suspended ? 'Reinstate' : 'Suspend'} ${account.email}`}
              onClick={() => (suspended ? void reinstateAccount() : setSuspending(true))}
            >
              {suspended ? 'Reinstate' : 'Suspend'}
            </Button>
          </div>
        )}
        {suspending && (
          <ReasonDialog
            title="Suspend this account?"
            text={`${account.email} is logged out at once and cannot log in until reinstated; their jobs leave every public list. They are e-mailed the reason.`}
            confirmLabel="Suspend"
            onClose={() => setSuspending(false)}
            onSubmit={async (reason) => {
              const { message } = await suspend.mutateAsync({ id: account._id, reason })
              toast.success(message)
              setSuspending(false)
            }}
          />
        )}
      </article>
    </li>
  )
}

function searchParams({ email, page }: AccountSearch) {
  const params = new URLSearchParams()
  if (email) params.set('email', email)
  if (page > 1) params.set('page', String(page))
  return params
}

/** Every account, newest first: find one by e-mail, and suspend it with a reason or reinstate it. */
export function AdminAccounts() {
  const [params, setParams] = useSearchParams()
  const search: AccountSearch = { email: params.get('email')?.trim() ?? '', page: readPage(params) }
  const results = useAdminAccounts(search)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const update = (patch: Partial<AccountSearch>, replace = false) => setParams(searchParams({ ...search, page: 1, ...patch }), { replace })

  return (
    <>
      <SearchForm name="Account search" label="E-mail" hint="Part of the address, in any case" inputMode="email" value={search.email} onSearch={(email) => update({ email })} />
      <Results
        headingRef={headingRef}
        results={results}
        page={search.page}
        onPage={(page, replace) => update({ page }, replace)}
        count={(total) => `${countOf(total, 'account', 'accounts')} found`}
        loading="Loading accounts..."
        empty="No accounts found."
      >
        {results.data?.data.map((account) => (
          <AccountRow key={account._id} account={account} />
        ))}
      </Results>
    </>
  )
}
