import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import { inputClass } from './form-field'

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode }

/** A labelled select whose error is announced with it, like FormField. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, error, id, className = '', children, ...props }, ref) {
  const generated = useId()
  const selectId = id ?? generated
  const errorId = `${selectId}-error`
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
})
