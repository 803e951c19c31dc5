import { useId, useRef, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { inputClass } from '@/components/ui/form-field'
import { useTyped } from '../use-typed'

/** The API's limit on a search (docs/rules.md#applicant-search). */
const MAX_WORDS = 200

type Props = {
  /** The words searched (the address's). */
  words: string
  /** Searches these words ('' for none: the usual board or list). */
  onSearch: (words: string) => void
  /** What is searched, said under the box. */
  hint: string
}

/** "Search applicants": searches after a pause in typing, or at once with Enter or Search; Clear goes back to the usual list. */
export function ApplicantSearchBox({ words, onSearch, hint }: Props) {
  const inputId = useId()
  const hintId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const typed = useTyped(words, onSearch)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    typed.applyNow()
  }
  const clear = () => {
    typed.setTyped('')
    onSearch('')
    // The Clear button goes with the words: the focus goes back to the box.
    inputRef.current?.focus()
  }
  return (
    <form role="search" aria-labelledby={`${inputId}-label`} onSubmit={submit} className="mt-6 max-w-2xl">
      <label id={`${inputId}-label`} htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        Search applicants
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          autoComplete="off"
          maxLength={MAX_WORDS}
          aria-describedby={hintId}
          value={typed.typed}
          onChange={(event) => typed.setTyped(event.target.value)}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit">Search</Button>
        {(words !== '' || typed.typed !== '') && (
          <Button variant="neutral" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {hint}
      </p>
    </form>
  )
}
