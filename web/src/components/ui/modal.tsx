import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Button } from './button'

type Props = {
  title: string
  onClose: () => void
  children: ReactNode
  /** The id of the element that describes the dialog, for screen readers. */
  descriptionId?: string
  /** What takes the focus on opening; the first focusable element when not given. */
  initialFocus?: RefObject<HTMLElement | null>
  /**
   * `sheet` rises from the bottom of the screen, its whole width, with a Close button beside the
   * title; its content lays out its own scrolling (the sheet is at most 90% of the screen tall).
   */
  size?: 'sm' | 'lg' | 'sheet'
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog around any content: focus moves in (to `initialFocus` or the first field) and stays
 * inside (Tab wraps), Escape or the backdrop (and a sheet's Close button) closes it, and focus returns
 * to whatever opened it.
 */
export function Modal({ title, onClose, children, descriptionId, initialFocus, size = 'lg' }: Props) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)

  // The page behind does not scroll while the dialog is open (each dialog puts back what it found).
  useEffect(() => {
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
    }
  }, [])

  // Focus moves in once, when the dialog opens, and back to the opener when it closes.
  // The dialog itself while its content is still loading, so focus is inside it from the start.
  const focusIn = useEffectEvent(() =>
    (initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialogRef.current)?.focus(),
  )
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    focusIn()
    return () => opener?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const sheet = size === 'sheet'
  const heading = (
    <h2 id={titleId} className="text-xl font-bold text-gray-900">
      {title}
    </h2>
  )
  return createPortal(
    <div className={`fixed inset-0 z-50 flex bg-black/50 ${sheet ? 'items-end' : 'items-center justify-center p-4'}`} onClick={onClose}>
      <div
        ref={dialogRef}
        role="dialog"
        tabIndex={-1}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className={
          sheet
            ? 'flex max-h-[90dvh] w-full flex-col rounded-t-lg bg-white shadow-xl'
            : `max-h-full w-full overflow-y-auto rounded-lg bg-white p-6 shadow-xl ${size === 'sm' ? 'max-w-sm' : 'max-w-lg'}`
        }
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        {sheet ? (
          <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-3">
            {heading}
            <Button variant="neutral" size="sm" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </div>,
    document.body,
  )
}
