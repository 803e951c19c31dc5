import { forwardRef, useId, useRef, useState, type KeyboardEvent } from 'react'
import { inputClass } from '@/components/ui/form-field'

type Props = {
  label: string
  value: string[]
  onChange: (skills: string[]) => void
  onBlur?: () => void
  error?: string
}

const HINT = 'Press Enter or type a comma after each skill.'

/** The skills in `text` (comma-separated), trimmed, without blanks or any already in `skills` (ignoring case). */
function newSkills(skills: string[], text: string) {
  const added: string[] = []
  for (const part of text.split(',')) {
    const skill = part.trim().replace(/\s+/g, ' ')
    const known = [...skills, ...added].some((existing) => existing.toLowerCase() === skill.toLowerCase())
    if (skill && !known) added.push(skill)
  }
  return added
}

/**
 * Skills as separate tags, so a skill of several words ("Machine Learning") stays one: Enter or a
 * comma adds what was typed, leaving the box adds it too, and each tag has its own Remove button.
 * Each change is announced, as the tags appear away from the box.
 */
export const SkillTagsField = forwardRef<HTMLInputElement, Props>(function SkillTagsField({ label, value, onChange, onBlur, error }, ref) {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const [draft, setDraft] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const input = useRef<HTMLInputElement | null>(null)

  const add = (text: string) => {
    const added = newSkills(value, text)
    setDraft('')
    if (added.length === 0) return
    onChange([...value, ...added])
    setAnnouncement(`Added ${added.join(', ')}`)
  }

  const remove = (skill: string) => {
    onChange(value.filter((existing) => existing !== skill))
    setAnnouncement(`Removed ${skill}`)
    // The button goes with its tag: the box is the next sensible place to be.
    input.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the skill rather than submitting the form (but not while an input method composes).
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault()
      add(draft)
    }
  }

  // A comma, typed (phone keyboards report no key for it) or pasted ("Rust, SQL, Machine Learning"),
  // ends the skills before it; what follows the last comma is still being typed.
  const onType = (text: string) => {
    const end = text.lastIndexOf(',')
    if (end === -1) return setDraft(text)
    add(text.slice(0, end))
    setDraft(text.slice(end + 1).trimStart())
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      {value.length > 0 && (
        <ul aria-label={`${label} added`} className="mb-2 flex flex-wrap gap-2">
          {value.map((skill) => (
            <li key={skill} className="flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-0.5 pl-3 text-sm text-blue-900">
              {skill}
              <button
                type="button"
                aria-label={`Remove ${skill}`}
                onClick={() => remove(skill)}
                className="flex h-6 w-6 items-center justify-center rounded-full text-blue-900 hover:bg-blue-100"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M5 5l10 10M15 5L5 15" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={(element) => {
          input.current = element
          if (typeof ref === 'function') ref(element)
          else if (ref) ref.current = element
        }}
        id={inputId}
        type="text"
        value={draft}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(draft)
          onBlur?.()
        }}
        placeholder="e.g. Machine Learning"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {HINT}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
})
