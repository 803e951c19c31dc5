/**
 * The notification stream's news, for any screen that follows it: the header's bell runs the stream
 * (features/notifications) and says here each time the unread count or the newest notification
 * changed; an open conversation (features/messages) refetches then, so a reply shows up live.
 */
const listeners = new Set<() => void>()

export function onNotificationsChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function notificationsChanged() {
  listeners.forEach((listener) => listener())
}
