import { useEffect, useId, useRef, useState } from 'react'
import { focusLeft } from '@/lib/focus'
import { Link } from 'react-router'
import type { User } from '@/lib/auth'
import { Avatar } from './avatar'
import { LogoutButton } from './logout-button'

const itemClass = 'block w-full rounded px-4 py-2 text-left font-medium text-gray-900 hover:bg-blue-50'

/** The logged-in replacement for Login and Signup: Dashboard and Logout behind the avatar. */
export function AvatarMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element
      // The logout confirmation is portaled out of the menu; answering it must not close the menu under it.
      if (!rootRef.current?.contains(target) && !target.closest('[role="dialog"]')) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    <div
      ref={rootRef}
      className="relative"
      // Tab past the last item (or back past the button) closes the menu.
      onBlur={(event) => {
        if (open && focusLeft(event)) setOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false)
          buttonRef.current?.focus()
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex items-center gap-1 rounded-full p-0.5"
      >
        <Avatar user={user} />
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-gray-800" fill="currentColor">
          <path d="M5.5 7.5l4.5 4.5 4.5-4.5z" />
        </svg>
      </button>
      <ul id={menuId} hidden={!open} className="absolute right-0 z-40 mt-2 w-44 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <li>
          <Link to="/dashboard/my-profile" className={itemClass} onClick={() => setOpen(false)}>
            Dashboard
          </Link>
        </li>
        <li>
          <LogoutButton className={itemClass} onDone={() => setOpen(false)} />
        </li>
      </ul>
    </div>
  )
}
