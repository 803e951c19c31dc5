import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { categorySlug } from '@/lib/slug'
import { useCategories } from '../api/get-categories'

/**
 * A disclosure menu of category links: the button toggles it, ArrowDown/ArrowUp move between links,
 * Escape closes it and returns focus to the button, and leaving it with Tab closes it.
 */
export function CategoryDropdown({ onNavigate }: { onNavigate?: () => void }) {
  const [open, setOpen] = useState(false)
  const { data: categories = [], isPending, isError } = useCategories()
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (isError) console.error('Could not fetch Categories.')
  }, [isError])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-category-link]') ?? [])

  const focusLink = (offset: number) => {
    const items = links()
    if (items.length === 0) return
    const current = items.indexOf(document.activeElement as HTMLAnchorElement)
    const next = current === -1 ? (offset > 0 ? 0 : items.length - 1) : (current + offset + items.length) % items.length
    items[next].focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const offset = event.key === 'ArrowDown' ? 1 : -1
      if (open) focusLink(offset)
      else {
        setOpen(true)
        requestAnimationFrame(() => focusLink(offset))
      }
    }
  }

  const close = () => {
    setOpen(false)
    onNavigate?.()
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded px-2 py-1 font-medium text-gray-800 hover:text-blue-700"
      >
        Category
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path d="M5 7l5 6 5-6z" fill="currentColor" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="z-20 mt-2 rounded-md md:w-md border border-gray-200 bg-white py-2 shadow-lg md:absolute md:left-0"
      >
        {isPending ? (
          <p role="status" className="px-4 py-2 text-gray-700">
            Loading...
          </p>
        ) : categories.length === 0 ? (
          <p className="px-4 py-2 text-gray-700">No Categories Found</p>
        ) : (
          <ul aria-label="Categories" className="grid md:grid-cols-2">
            {categories.map((category) => (
              <li key={category._id}>
                <Link
                  data-category-link
                  to={`/category/${categorySlug(category.name)}`}
                  onClick={close}
                  className="block px-4 py-2 text-gray-800 hover:bg-blue-50 hover:text-blue-800"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
