/**
 * Times in the viewer's time zone (docs/rules.md#interviews, docs/product.md#constants): the server
 * keeps and sends UTC, the e-mails write India Standard Time, and a screen shows the zone of the
 * browser reading it. When the browser does not tell its zone (or tells one Intl does not know),
 * India Standard Time.
 */

export const FALLBACK_TIME_ZONE = 'Asia/Kolkata'

/** The browser's IANA time zone ("Europe/Berlin"), or Asia/Kolkata when it cannot be read. */
export function viewerTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!zone) return FALLBACK_TIME_ZONE
    // A zone Intl cannot use throws here.
    new Intl.DateTimeFormat('en-IN', { timeZone: zone })
    return zone
  } catch {
    return FALLBACK_TIME_ZONE
  }
}

// en-IN names India Standard Time "IST" (en-GB would write "GMT+5:30"), as the e-mails do.
const LOCALE = 'en-IN'

/** An instant as a person reads it in `timeZone`: "Tue, 1 Dec, 2026, 10:00 IST". Every time of day on a screen is written so. */
export function formatZonedDateTime(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat(LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/** The calendar day of `instant` in `timeZone`, as a short date: "Mon, 2 Mar". */
const zonedDay = (instant: number, timeZone: string) => new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(instant))

/**
 * The time of day of `instant` (ms) in `timeZone`: "14:05"; on an earlier day than `now` there, the
 * day follows: "14:05 on Mon, 2 Mar".
 */
export function formatZonedTimeOfDay(instant: number, timeZone = viewerTimeZone(), now = Date.now()): string {
  const time = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(instant))
  const sameDay = toLocalInput(new Date(instant).toISOString(), timeZone).slice(0, 10) === toLocalInput(new Date(now).toISOString(), timeZone).slice(0, 10)
  return sameDay ? time : `${time} on ${zonedDay(instant, timeZone)}`
}

/** The zone's short name at `at` (now unless given): "IST", "GMT+1", "EST". */
export function timeZoneName(timeZone = viewerTimeZone(), at = new Date()): string {
  const parts = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'short' }).formatToParts(at)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

/** The wall-clock fields of `instant` (ms) in `timeZone`, read back as if they were UTC: their difference is the zone's offset. */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant))
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'))
}

/** The zone's offset from UTC at `instant`, in minutes (India: 330). */
const offsetMinutes = (instant: number, timeZone: string) => Math.round((wallClockAsUtc(instant, timeZone) - Math.floor(instant / 1000) * 1000) / 60_000)

const pad = (n: number) => String(n).padStart(2, '0')

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * What an `<input type="datetime-local">` holds ("2026-12-01T10:00"), read in `timeZone`, as RFC
 * 3339 with that zone's offset then: "2026-12-01T10:00:00+05:30". Null when it is not such a value.
 */
export function localInputToRfc3339(value: string, timeZone = viewerTimeZone()): string | null {
  const match = LOCAL_INPUT.exec(value.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second = '00'] = match
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second))
  if (Number.isNaN(wall)) return null
  // The offset at the wall time read as UTC, then again at the instant that gives (right across a change of summer time).
  let offset = offsetMinutes(wall, timeZone)
  offset = offsetMinutes(wall - offset * 60_000, timeZone)
  const sign = offset < 0 ? '-' : '+'
  const size = Math.abs(offset)
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`
}

/** An instant as an `<input type="datetime-local">` shows it in `timeZone`: "2026-12-01T10:00". */
export function toLocalInput(iso: string, timeZone = viewerTimeZone()): string {
  const wall = new Date(wallClockAsUtc(new Date(iso).getTime(), timeZone))
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}
