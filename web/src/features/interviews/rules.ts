import { localInputToRfc3339 } from '@/lib/time-zone'

/** The server's rules and words (docs/rules.md#interviews). */
export const SLOTS_MAX = 3
export const DURATION_MIN = 15
export const DURATION_MAX = 480
export const DURATION_DEFAULT = 45
export const LOCATION_MAX = 500
/** Times are proposed at most this far ahead (366 days, as the server counts a year). */
export const HORIZON_MS = 366 * 24 * 60 * 60 * 1000

export const SLOTS_COUNT = 'Give one to three times'
export const SLOT_FORMAT = 'Each time must be a date and time with its offset, like 2026-12-01T10:00:00+05:30'
export const SLOT_PAST = 'Each time must be in the future'
export const SLOT_FAR = 'Each time must be within a year'
export const SLOTS_OVERLAP = 'The times must not overlap'
export const DURATION = 'Duration must be a whole number of minutes from 15 to 480'
export const LOCATION_REQUIRED = 'Place or video link is required'
export const LOCATION_LONG = 'Place or video link must be at most 500 characters'
/** A reschedule needs its new time (the server, without one, asks for RFC 3339). */
export const NEW_TIME_REQUIRED = 'Give the new time'
/** Booking without a time chosen (the server's "Slot must be the number of one of the times proposed"). */
export const CHOOSE_A_TIME = 'Choose one of the times'

/** A whole number of minutes, 15 to 480, as typed. */
export function parseDuration(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const minutes = Number(text.trim())
  return minutes >= DURATION_MIN && minutes <= DURATION_MAX ? minutes : null
}

/** A datetime-local value as the RFC 3339 time sent, or the server's reason it would refuse it (`now` in ms). */
export function checkTime(value: string, now: number): { time: string; at: number } | { error: string } {
  const time = localInputToRfc3339(value)
  if (time === null) return { error: SLOT_FORMAT }
  const at = new Date(time).getTime()
  if (at <= now) return { error: SLOT_PAST }
  if (at > now + HORIZON_MS) return { error: SLOT_FAR }
  return { time, at }
}

/** Which form field a refusal of the server's is about, so it shows there too. */
export function fieldOfRefusal(message: string): 'slots' | 'durationMinutes' | 'location' | null {
  if ([SLOTS_COUNT, SLOT_FORMAT, SLOT_PAST, SLOT_FAR, SLOTS_OVERLAP].includes(message)) return 'slots'
  if (message === DURATION) return 'durationMinutes'
  if (message === LOCATION_REQUIRED || message === LOCATION_LONG) return 'location'
  return null
}
