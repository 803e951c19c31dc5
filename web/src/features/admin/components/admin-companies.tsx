import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Modal } from '@/components/ui/modal'
import { ApiError, errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { useAdminCompanies, useReinstateCompany, useRenameCompany, useSuspendCompany, useVerifyCompany } from '../api/admin-companies'
import { companyNameSchema, type CompanyNameValues } from '../schemas'
import type { AdminCompany } from '../types'
import { Badge } from './badge'
import { ModeratedCard, ModerationToggle } from './moderated-card'
import { Results } from './results'
import { SearchForm } from './search-form'
import { usePagedSearch } from './use-paged-search'

type RenameProps = {
  company: AdminCompany
  /** Sends the new name; a refusal is shown in the dialog, which stays open. */
  onRename: (name: string) => Promise<void>
  onClose: () => void
}

/**
 * A company's new name, with the server's rules and words. A refusal of the name (a 400, or a 409:
 * the same name) is shown under the field, which takes the focus; any other (the company was
 * removed meanwhile) above the buttons.
 */
function RenameDialog({ company, onRename, onClose }: RenameProps) {
  const textId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyNameValues>({ resolver: zodResolver(companyNameSchema), defaultValues: { name: company.name } })

  const submit = async ({ name }: CompanyNameValues) => {
    setRefusal(null)
    try {
      await onRename(name)
    } catch (error) {
      const message = errorMessage(error, FALLBACK_MESSAGE)
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setError('name', { message }, { shouldFocus: true })
      else setRefusal(message)
    }
  }

  return (
    <Modal title={`Rename ${company.name}`} onClose={onClose} descriptionId={textId}>
      <p id={textId} className="mt-2 text-gray-700">
        Its page keeps its address, /company/{company.slug}.
      </p>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 flex flex-col gap-4">
        <FormField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div role="alert">{refusal && <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-strong">{refusal}</p>}</div>
        <div className="flex justify-end gap-3">
          <Button type="submit" loading={isSubmitting}>
            Rename
          </Button>
          <Button variant="neutral" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** Whether a company named `name` is among the results of a search for `search`, as the server matches: part of the name, in any case. */
const matches = (name: string, search: string) => name.toLowerCase().includes(search.toLowerCase())

type RowProps = {
  company: AdminCompany
  /** The name searched for, which a renamed company may no longer match. */
  searched: string
  listHeading: RefObject<HTMLHeadingElement | null>
}

function CompanyRow({ company, searched, listHeading }: RowProps) {
  const [renaming, setRenaming] = useState(false)
  const verifyRef = useRef<HTMLButtonElement>(null)
  const rename = useRenameCompany()
  const verify = useVerifyCompany()
  const suspend = useSuspendCompany()
  const reinstate = useReinstateCompany()
  const { _id: id, name, verified, suspended } = company

  const toggleVerified = async () => {
    try {
      const { message } = await verify.mutateAsync({ id, verified: !verified })
      toast.success(message)
    } catch {
      // The mutation's toast says it (lib/query-client).
    }
    // The button was busy (and so lost the focus); it now offers the opposite.
    verifyRef.current?.focus()
  }

  const renameTo = async (newName: string) => {
    const { message } = await rename.mutateAsync({ id, name: newName })
    toast.success(message)
    // The dialog closes and gives the focus back to Rename; a company the search no longer finds leaves the list, and the list's heading takes the focus.
    flushSync(() => setRenaming(false))
    if (!matches(newName, searched)) listHeading.current?.focus()
  }

  return (
    <ModeratedCard
      title={
        // A suspended company's page is not found: there is nothing to open.
        suspended ? (
          name
        ) : (
          <Link to={`/company/${encodeURIComponent(company.slug)}`} className="text-primary-strong underline underline-offset-2 hover:text-blue-900">
            {name}
          </Link>
        )
      }
      badge={
        (verified || suspended) && (
          <span className="flex flex-wrap gap-2">
            {verified && <Badge tone="success">Verified</Badge>}
            {suspended && <Badge tone="danger">Suspended</Badge>}
          </span>
        )
      }
      facts={[
        { term: 'Page', description: `/company/${company.slug}`, breakAll: true },
        { term: 'Members', description: company.members },
        { term: 'Jobs', description: company.jobs },
        { term: 'Created', description: formatDate(company.createdAt) },
      ]}
      notice={suspended && 'Suspended: its jobs and its page are gone from public view, and its members cannot post jobs.'}
    >
      <ModerationToggle
        restricted={suspended}
        labels={{ restrict: 'Suspend', lift: 'Reinstate' }}
        subject={name}
        lifting={reinstate.isPending}
        onLift={() => reinstate.mutateAsync(id)}
        dialog={{
          title: 'Suspend this company?',
          text: `The jobs of ${name} leave every public list, its page is no longer found, and its members cannot post jobs until it is reinstated. The reason is kept in the audit log.`,
          confirmLabel: 'Suspend',
        }}
        onRestrict={(reason) => suspend.mutateAsync({ id, reason })}
        before={
          <>
            <Button variant="neutral" size="sm" aria-label={`Rename ${name}`} onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button ref={verifyRef} variant="neutral" size="sm" loading={verify.isPending} aria-label={`${verified ? 'Unverify' : 'Verify'} ${name}`} onClick={() => void toggleVerified()}>
              {verified ? 'Unverify' : 'Verify'}
            </Button>
          </>
        }
      />
      {renaming && <RenameDialog company={company} onRename={renameTo} onClose={() => setRenaming(false)} />}
    </ModeratedCard>
  )
}

const readSearch = (params: URLSearchParams) => ({ name: params.get('name')?.trim() ?? '' })

function searchParams({ name }: { name: string }) {
  const params = new URLSearchParams()
  if (name) params.set('name', name)
  return params
}

/** Every company, newest first: find one by name; rename it, verify it or take that back, suspend it with a reason or reinstate it. */
export function AdminCompanies() {
  const { search, update, onPage } = usePagedSearch(readSearch, searchParams)
  const results = useAdminCompanies(search)
  const headingRef = useRef<HTMLHeadingElement>(null)

  return (
    <>
      <SearchForm name="Company search" label="Name" hint="Part of the company's name, in any case" value={search.name} onSearch={(name) => update({ name })} />
      <Results headingRef={headingRef} results={results} page={search.page} onPage={onPage} noun={{ one: 'company', many: 'companies' }}>
        {results.data?.data.map((company) => (
          <CompanyRow key={company._id} company={company} searched={search.name} listHeading={headingRef} />
        ))}
      </Results>
    </>
  )
}
