import { useId, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { useFollowing } from '../use-following'

type Props = {
  /** The search's landmark: "Job search". */
  name: string
  /** The search box's label. */
  label: string
  /** What may be typed, read with the box. */
  hint: string
  /** The words the list is showing (the URL's). */
  value: string
  onSearch: (text: string) => void
  /** More filters beside the box; given the text typed so far, so a filter changed before Search keeps it. */
  filters?: (typed: string) => ReactNode
  inputMode?: 'email' | 'text'
}

/** A list's search: the box, its filters and a Search button; the URL holds what was searched. */
export function SearchForm({ name, label, hint, value, onSearch, filters, inputMode = 'text' }: Props) {
  const hintId = useId()
  const [text, setText] = useFollowing(value)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(text.trim())
  }

  return (
    <form role="search" aria-label={name} noValidate onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <FormField
          label={label}
          type="search"
          inputMode={inputMode}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={hintId}
        />
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      </div>
      {filters?.(text.trim())}
      <Button type="submit" className="mb-6">
        Search
      </Button>
    </form>
  )
}
