import { forwardRef, useId, useState, type DragEvent } from 'react'

type Props = {
  /** The name of the drop area, e.g. "Resume drop zone". */
  label: string
  /** The visible name of the browse control, which is the file input's label. */
  browseLabel: string
  /** What may be dropped, e.g. "PDF only"; read out with the input. */
  hint: string
  accept: string
  error?: string
  disabled?: boolean
  onFiles: (files: File[]) => void
}

/**
 * An area to drop files on, around a real file input for the keyboard and screen readers: the input
 * is visually hidden but focusable, and its label is drawn as the Browse button.
 */
export const FileDropZone = forwardRef<HTMLInputElement, Props>(function FileDropZone({ label, browseLabel, hint, accept, error, disabled, onFiles }, ref) {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const [dragging, setDragging] = useState(false)

  const onDragOver = (event: DragEvent) => {
    event.preventDefault()
    if (disabled) return
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(files)
  }

  return (
    <div>
      <div
        role="group"
        aria-label={label}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          // Moving over the zone's own text or button is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center ${
          dragging ? 'border-blue-700 bg-blue-50' : error ? 'border-red-700' : 'border-gray-500'
        }`}
      >
        <p className="text-gray-800">Drag and drop a file here, or</p>
        <input
          ref={ref}
          id={inputId}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="peer sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            // Cleared, so that choosing the same file again after a Cancel is still a change.
            event.target.value = ''
            if (files.length > 0) onFiles(files)
          }}
        />
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md border border-blue-700 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
        >
          {browseLabel}
        </label>
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      </div>
      {/* Said at once: a refused file is told while the focus stays on the input. */}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
})
