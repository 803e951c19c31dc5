import { Link } from 'react-router'
import { formatRelative } from '@/lib/format'
import { formatZonedDateTime } from '@/lib/time-zone'
import type { Notification } from '../types'

/** The bell's list, newest first: each a link to what it is about; an unread one is bold and says "Unread" in words too. */
export function NotificationList({ notifications, onFollow }: { notifications: Notification[]; onFollow: (notification: Notification) => void }) {
  if (notifications.length === 0) return <p className="px-4 py-6 text-gray-700">No notifications yet.</p>
  return (
    <ul aria-label="Latest notifications" className="divide-y divide-gray-200">
      {notifications.map((notification) => {
        const unread = !notification.readAt
        return (
          <li key={notification._id}>
            <Link
              to={notification.link}
              onClick={() => onFollow(notification)}
              className={`flex gap-3 px-4 py-3 hover:bg-blue-50 focus:bg-blue-50 focus:outline-2 focus:-outline-offset-2 focus:outline-primary ${unread ? 'bg-primary-soft' : ''}`}
            >
              <span aria-hidden="true" className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'border border-gray-400'}`} />
              <span className="min-w-0 flex-1">
                {unread && <span className="mr-2 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-white">Unread</span>}{' '}
                <span className={`break-words text-gray-900 ${unread ? 'font-semibold' : ''}`}>{notification.text}</span>
                <span className="sr-only">,</span>{' '}
                <span className="mt-0.5 block text-sm text-gray-700">
                  <time dateTime={notification.createdAt} title={formatZonedDateTime(notification.createdAt)}>
                    {formatRelative(notification.createdAt)}
                  </time>
                </span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
