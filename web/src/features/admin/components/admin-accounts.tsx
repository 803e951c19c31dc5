import { useRef } from 'react'
import { formatDate } from '@/lib/format'
import { useAdminAccounts, useReinstateAccount, useSuspendAccount } from '../api/admin-accounts'
import type { AdminAccount } from '../types'
import { Badge } from './badge'
import { ModeratedCard, ModerationToggle } from './moderated-card'
import { Results } from './results'
import { SearchForm } from './search-form'
import { usePagedSearch } from './use-paged-search'

function AccountRow({ account }: { account: AdminAccount }) {
  const suspend = useSuspendAccount()
  const reinstate = useReinstateAccount()
  const suspended = account.suspendedAt !== null

  return (
    <ModeratedCard
      title={`${account.firstName} ${account.lastName}`}
      badge={suspended && <Badge tone="danger">Suspended</Badge>}
      facts={[
        { term: 'E-mail', description: account.email, breakAll: true },
        { term: 'Type', description: account.accountType },
        { term: 'Joined', description: formatDate(account.createdAt) },
      ]}
      notice={
        suspended && (
          <>
            Suspended on {formatDate(account.suspendedAt!)}: {account.suspensionReason}
          </>
        )
      }
    >
      {/* An Admin account cannot be suspended. */}
      {account.accountType !== 'Admin' && (
        <ModerationToggle
          restricted={suspended}
          labels={{ restrict: 'Suspend', lift: 'Reinstate' }}
          subject={account.email}
          lifting={reinstate.isPending}
          onLift={() => reinstate.mutateAsync(account._id)}
          dialog={{
            title: 'Suspend this account?',
            text: `${account.email} is logged out at once and cannot log in until reinstated; their jobs leave every public list. They are e-mailed the reason.`,
            confirmLabel: 'Suspend',
          }}
          onRestrict={(reason) => suspend.mutateAsync({ id: account._id, reason })}
        />
      )}
    </ModeratedCard>
  )
}

const readSearch = (params: URLSearchParams) => ({ email: params.get('email')?.trim() ?? '' })

function searchParams({ email }: { email: string }) {
  const params = new URLSearchParams()
  if (email) params.set('email', email)
  return params
}

/** Every account, newest first: find one by e-mail, and suspend it with a reason or reinstate it. */
export function AdminAccounts() {
  const { search, update, onPage } = usePagedSearch(readSearch, searchParams)
  const results = useAdminAccounts(search)
  const headingRef = useRef<HTMLHeadingElement>(null)

  return (
    <>
      <SearchForm name="Account search" label="E-mail" hint="Part of the address, in any case" inputMode="email" value={search.email} onSearch={(email) => update({ email })} />
      <Results headingRef={headingRef} results={results} page={search.page} onPage={onPage} noun={{ one: 'account', many: 'accounts' }}>
        {results.data?.data.map((account) => (
          <AccountRow key={account._id} account={account} />
        ))}
      </Results>
    </>
  )
}
