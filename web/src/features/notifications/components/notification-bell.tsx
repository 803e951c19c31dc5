import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { focusLeft } from '@/lib/focus'
import { serverMessage } from '@/lib/query-client'
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications'
import { useNotificationStream } from '../api/use-notification-stream'
import { NotificationList } from './notification-list'

/** The bell's badge: the server counts up to 100, so anything past 99 reads "99+". */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread))

/** The bell's accessible name, with the count: "Notifications, 3 unread". */
export const bellName = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`)

/**
 * docs/rules.md#notifications: the header's bell for Applicants and Recruiters, with the unread
 * count (kept live by the notification stream). It opens a panel of the newest notifications, each
 * a link that marks it read when followed, and "Mark all as read". Escape, a click outside or Tab
 * out of it closes the panel; Escape puts the focus back on the bell.
 */
export function NotificationBell() {
  useNotificationStream(true)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const headingId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const { data, isPending, isError } = useNotifications()
  const markOne = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead({ message: serverMessage('Could not mark the notifications read') })
  const unread = data?.unread ?? 0

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const readAll = async () => {
    if (unread === 0 || markAll.isPending) return
    try {
      const { message } = await markAll.mutateAsync()
      toast.success(message)
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <div
      ref={rootRef}
      className="sm:relative"
      onBlur={(event) => {
        if (open && focusLeft(event)) setOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault()
          setOpen(false)
          buttonRef.current?.focus()
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellName(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="relative rounded-full p-2 text-gray-800 hover:bg-gray-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-bold text-white">
            {badgeText(unread)}
          </span>
        )}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={headingId}
        className="fixed inset-x-2 top-16 z-40 flex max-h-[75dvh] flex-col rounded-md border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-4 py-2">
          <h2 id={headingId} className="text-lg font-semibold text-gray-900">
            Notifications
          </h2>
          {data && data.notifications.length > 0 && (
            // Focusable even with nothing left to mark, so the focus stays put after marking.
            <Button variant="link" aria-disabled={unread === 0 || undefined} aria-busy={markAll.isPending || undefined} onClick={() => void readAll()} className="text-sm">
              Mark all as read
            </Button>
          )}
        </div>
        <div className="overflow-y-auto">
          {isError ? (
            <p className="px-4 py-6 text-gray-800">Could not load your notifications.</p>
          ) : isPending ? (
            <p role="status" className="px-4 py-6 text-gray-700">
              Loading notifications...
            </p>
          ) : (
            <NotificationList
              notifications={data.notifications}
              onFollow={(notification) => {
                if (!notification.readAt) markOne.mutate(notification._id)
                setOpen(false)
              }}
            />
          )}
        </div>
      </section>
    </div>
  )
}
