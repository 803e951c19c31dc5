import type { Schemas } from '@/lib/api-client'

/** One message of an application's conversation (docs/rules.md#messages). */
export type Message = Schemas['Message']
/** One page of a conversation: newest first, 50 at most, with the caller's side and unread count. */
export type MessagesPage = Schemas['MessagesResponse']
