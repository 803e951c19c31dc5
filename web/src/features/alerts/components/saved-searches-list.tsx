import { useId, useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatDate, formatSalary } from '@/lib/format'
import { serverMessage } from '@/lib/query-client'
import { titleFromSlug } from '@/lib/slug'
import { useDeleteSearch, useSavedSearches, useUpdateSearch, type SavedSearch } from '../api/saved-searches'

/**
 * "rust, Pune, Full-time, from ₹40,000 per month": the filters of a saved search in words; a
 * company, as a followed one is, by the words of its slug ("Company: Acme Robotics").
 */
export function describeQuery(query: string) {
  const params = new URLSearchParams(query)
  const company = params.get('company')
  const parts = [params.get('q'), params.get('location'), ...params.getAll('jobType'), ...params.getAll('workMode')].filter(Boolean)
  if (company) parts.push(`Company: ${titleFromSlug(company)}`)
  const salary = params.get('salaryMin')
  if (salary) parts.push(`from ${formatSalary(Number(salary))}`)
  return parts.length > 0 ? parts.join(', ') : 'All jobs'
}

function SearchCard({ search }: { search: SavedSearch }) {
  const headingId = useId()
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(search.name)
  const [error, setError] = useState<string>()
  const [deleting, setDeleting] = useState(false)
  // A rename's refusal shows beside the new name, not in a toast; the alerts switch's is toasted.
  const update = useUpdateSearch({ message: (failure, change) => (change.name !== undefined ? null : errorMessage(failure, 'Could not change the alerts')) })
  const remove = useDeleteSearch({ message: serverMessage('Could not delete the search') })

  const rename = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await update.mutateAsync({ id: search._id, name: name.trim() })
      setRenaming(false)
      toast.success('Saved search renamed')
    } catch (failure) {
      setError(errorMessage(failure, 'Could not rename the search'))
    }
  }

  const toggleAlerts = async () => {
    try {
      await update.mutateAsync({ id: search._id, alerts: !search.alerts })
      toast.success(search.alerts ? 'Alerts paused' : 'Alerts resumed')
    } catch {
      // The mutation's toast says it.
    }
  }

  const confirmDelete = async () => {
    setDeleting(false)
    try {
      await remove.mutateAsync(search._id)
      toast.success('Saved search deleted')
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold break-words text-gray-900">
        {search.name}
      </h2>
      <p className="mt-1 text-gray-700">{describeQuery(search.query)}</p>
      <p className="mt-1 text-sm text-gray-700">
        Saved on {formatDate(search.createdAt)} · Daily alerts: <strong>{search.alerts ? 'On' : 'Paused'}</strong>
      </p>
      {renaming && (
        <form noValidate onSubmit={(event) => void rename(event)} className="mt-3 flex flex-wrap items-end gap-3">
          <FormField label={`New name for ${search.name}`} value={name} maxLength={100} autoFocus onChange={(event) => setName(event.target.value)} error={error} className="min-w-0 flex-1" />
          <Button type="submit" size="sm" loading={update.isPending}>
            Save
          </Button>
          <Button variant="neutral" size="sm" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/jobs?${search.query}`} size="sm" variant="secondary" aria-label={`Show jobs for ${search.name}`}>
          Show jobs
        </ButtonLink>
        <Button variant="neutral" size="sm" aria-pressed={!search.alerts} onClick={() => void toggleAlerts()} aria-label={`${search.alerts ? 'Pause' : 'Resume'} alerts for ${search.name}`}>
          {search.alerts ? 'Pause alerts' : 'Resume alerts'}
        </Button>
        {!renaming && (
          <Button
            variant="neutral"
            size="sm"
            aria-label={`Rename ${search.name}`}
            onClick={() => {
              setName(search.name)
              setError(undefined)
              setRenaming(true)
            }}
          >
            Rename
          </Button>
        )}
        <Button variant="danger-outline" size="sm" aria-label={`Delete ${search.name}`} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </div>
      {deleting && (
        <ConfirmationModal
          title="Delete this saved search?"
          text={`"${search.name}" and its daily alerts will be gone.`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </article>
  )
}

/** The applicant's saved searches, each with its alerts switch, rename and delete. */
export function SavedSearchesList() {
  const { data, isPending, isError } = useSavedSearches()
  if (isError) return <p className="mt-8 text-gray-800">Could not fetch your saved searches.</p>
  if (isPending) return <Spinner label="Loading saved searches..." />
  if (data.length === 0) {
    return (
      <div className="mt-8">
        <p className="text-gray-800">
          You have no saved searches yet. Search on <Link to="/jobs" className="font-medium text-primary-strong underline">the jobs page</Link>, then choose
          "Save this search" to get the new jobs that match by e-mail.
        </p>
      </div>
    )
  }
  return (
    <ul className="mt-8 flex flex-col gap-4" aria-label="Saved searches">
      {data.map((search) => (
        <li key={search._id}>
          <SearchCard search={search} />
        </li>
      ))}
    </ul>
  )
}
