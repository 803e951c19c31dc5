import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { inputClass } from './form-field'

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string
  /** Shown under the field and read with it, e.g. a word count. */
  hint?: ReactNode
}

/** A labelled text area whose hint and error are announced with it, like FormField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const generated = useId()
  const fieldId = id ?? generated
  const errorId = `${fieldId}-error`
  const hintId = `${fieldId}-hint`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
})
