import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { FormField } from '@/components/ui/form-field'
import { Modal } from '@/components/ui/modal'
import { errorMessage } from '@/lib/api-client'
import { useSavedSearchFor, useSaveSearch } from '../api/saved-searches'

export const SEARCH_IS_SAVED = 'This search is saved'

/**
 * "Save this search" on the jobs page: names the search (a suggestion is filled in) and keeps it,
 * with a daily e-mail of the new jobs that match. `query` is the search's filters as the URL holds them.
 * A search saved already (in any order of its filters) says so instead, and leads to Saved Searches.
 */
export function SaveSearchButton({ query, suggestedName }: { query: string; suggestedName: string }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const nameRef = useRef<HTMLInputElement>(null)
  const descriptionId = useId()
  const save = useSaveSearch()
  const { saved } = useSavedSearchFor(query)

  // Saved (or found saved already, on "This search is already saved"), the button that opened the
  // dialog is gone when it closes: the focus goes to what replaced it rather than to the page.
  const savedRef = useRef<HTMLAnchorElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) {
      wasOpen.current = true
      return
    }
    if (wasOpen.current && saved) savedRef.current?.focus()
    wasOpen.current = false
  }, [open, saved])

  const start = () => {
    setName(suggestedName)
    setError(undefined)
    setOpen(true)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError('Name is required')
      nameRef.current?.focus()
      return
    }
    try {
      await save.mutateAsync({ name: name.trim(), query })
      setOpen(false)
      toast.success('Search saved')
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the search'))
      nameRef.current?.focus()
    }
  }

  return (
    <>
      {saved ? (
        <ButtonLink ref={savedRef} to="/dashboard/saved-searches" variant="secondary" size="sm">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" stroke="currentColor" strokeWidth="1.8">
            <path d="M5 3h10v14l-5-3.5L5 17z" strokeLinejoin="round" />
          </svg>
          {SEARCH_IS_SAVED}
        </ButtonLink>
      ) : (
        <Button variant="secondary" size="sm" onClick={start}>
          Save this search
        </Button>
      )}
      {open && (
        <Modal title="Save this search" onClose={() => setOpen(false)} descriptionId={descriptionId} initialFocus={nameRef} size="sm">
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            <p id={descriptionId} className="text-gray-700">
              Once a day at most, you will get an e-mail of the new jobs that match. Manage your searches on{' '}
              <Link to="/dashboard/saved-searches" className="font-medium text-primary-strong underline">
                Saved Searches
              </Link>
              .
            </p>
            <FormField ref={nameRef} label="Name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} error={error} />
            <div className="flex justify-end gap-3">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
              <Button variant="neutral" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </>
  )
}
