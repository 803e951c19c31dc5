import { ApiError } from '@/lib/api-client'
import { z } from '@/lib/zod'
import { EVENT_TYPES } from './types'

/** The server's limits on an endpoint, counted in characters once trimmed, as it counts them. */
export const MAX_URL = 2000
export const MAX_DESCRIPTION = 200

/** The server's words for an endpoint it refuses (docs/product.md#webhooks-settings). */
export const URL_REQUIRED = 'Endpoint URL is required'
export const URL_INVALID = 'Endpoint URL must be a public https:// address'
export const URL_TOO_LONG = `Endpoint URL must be at most ${MAX_URL} characters`
export const DESCRIPTION_TOO_LONG = `Description must be at most ${MAX_DESCRIPTION} characters`
export const EVENTS_REQUIRED = 'Choose at least one event'

const length = (text: string) => [...text].length

/**
 * An absolute web address (http:// or https://) with a host and no spaces. Which of those the server
 * takes (https:// to the public internet; plain http:// to a loopback receiver only where it is set up
 * for tests) is its rule alone: it refuses the others in the same words, shown under the field.
 */
export function isWebAddress(text: string) {
  if (/\s/.test(text)) return false
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** docs/product.md#webhooks-settings: the endpoint form, checked here with the server's messages. */
export const endpointSchema = z.object({
  url: z.string().check(
    z.trim(),
    z.minLength(1, URL_REQUIRED),
    z.refine((text) => length(text) <= MAX_URL, URL_TOO_LONG),
    z.refine((text) => text === '' || length(text) > MAX_URL || isWebAddress(text), URL_INVALID),
  ),
  description: z.string().check(
    z.trim(),
    z.refine((text) => length(text) <= MAX_DESCRIPTION, DESCRIPTION_TOO_LONG),
  ),
  events: z.array(z.enum(EVENT_TYPES)).check(z.minLength(1, EVENTS_REQUIRED)),
})
export type EndpointValues = z.infer<typeof endpointSchema>

/** The form's field a refusal of the server is about (its 400 messages), or null when it names none. */
export function refusedField(error: unknown): keyof EndpointValues | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  const { message } = error
  if (message.startsWith('Endpoint URL')) return 'url'
  if (message.startsWith('Description')) return 'description'
  if (message === EVENTS_REQUIRED || message.startsWith('Events must be')) return 'events'
  return null
}
