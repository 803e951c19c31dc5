import type { Schemas } from '@/lib/api-client'

/** A notification as the bell lists it (docs/rules.md#notifications). */
export type Notification = Schemas['Notification']
export type NotificationKind = Schemas['Kind']
export type NotificationsAnswer = Schemas['NotificationsResponse']
/** For each kind, whether it is e-mailed. */
export type EmailSettings = Schemas['EmailSettings']
/** What the stream tells the open page. */
export type Unread = Schemas['Unread']
