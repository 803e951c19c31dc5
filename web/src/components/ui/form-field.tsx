import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react'

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }

export const inputClass =
  'w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-600 aria-invalid:border-red-700'

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null
}

/** The ids of a field's input, hint and error, and what the input is described by. */
function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const generated = useId()
  const inputId = id ?? generated
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return { inputId, errorId, hintId, describedBy }
}

/** What is said under a field: its hint (read with the field), then its error. */
function FieldNotes({ hintId, hint, errorId, error }: { hintId: string; hint?: string; errorId: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </>
  )
}

/** A labelled input whose hint and error are announced with it. */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField({ label, error, hint, id, className = '', ...props }, ref) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, hint, error)
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...props} />
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  )
})

/**
 * A password input with a show/hide toggle named after the field, e.g. "Show Password", and an
 * optional rule under it ("8 to 128 characters") that is read with the field.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<Props, 'type'>>(function PasswordField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, hint, error)
  const [visible, setVisible] = useState(false)
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} pr-20`}
          {...props}
        />
        <button
          type="button"
          className="absolute inset-y-1 right-1 rounded px-2 text-sm font-semibold text-blue-800 hover:bg-blue-50"
          aria-label={`${visible ? 'Hide' : 'Show'} ${label}`}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  )
})
