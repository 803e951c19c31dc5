import { viewerIn } from '@/testing/time-zone'
import { FALLBACK_TIME_ZONE, formatZonedDateTime, formatZonedTimeOfDay, localInputToRfc3339, timeZoneName, toLocalInput, viewerTimeZone } from './time-zone'

afterEach(() => vi.restoreAllMocks())

test("the viewer's zone is the browser's", () => {
  viewerIn('Europe/Berlin')
  expect(viewerTimeZone()).toBe('Europe/Berlin')
})

test('a zone the browser does not tell, or one Intl does not know, falls back to India Standard Time', () => {
  expect(FALLBACK_TIME_ZONE).toBe('Asia/Kolkata')
  viewerIn(undefined)
  expect(viewerTimeZone()).toBe('Asia/Kolkata')
  vi.restoreAllMocks()
  viewerIn('Mars/Olympus_Mons')
  expect(viewerTimeZone()).toBe('Asia/Kolkata')
  vi.restoreAllMocks()
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(() => {
    throw new Error('no Intl here')
  })
  expect(viewerTimeZone()).toBe('Asia/Kolkata')
})

test("a UTC instant reads in the viewer's zone with the zone's short name", () => {
  // fixed clock: an instant given, not now.
  expect(formatZonedDateTime('2026-12-01T04:30:00Z', 'Asia/Kolkata')).toBe('Tue, 1 Dec, 2026, 10:00 IST')
  expect(formatZonedDateTime('2026-12-01T04:30:00Z', 'UTC')).toBe('Tue, 1 Dec, 2026, 04:30 UTC')
  expect(formatZonedDateTime('2026-12-01T04:30:00Z', 'America/New_York')).toMatch(/^Mon, 30 Nov, 2026, 23:30 (EST|GMT-5)$/)
  viewerIn('Asia/Kolkata')
  expect(formatZonedDateTime('2026-12-01T04:30:00Z')).toBe('Tue, 1 Dec, 2026, 10:00 IST')
  expect(timeZoneName()).toBe('IST')
  vi.restoreAllMocks()
  viewerIn(undefined)
  expect(formatZonedDateTime('2026-12-01T04:30:00Z')).toBe('Tue, 1 Dec, 2026, 10:00 IST')
})

test("a datetime-local value is read in the viewer's zone and sent as RFC 3339 with its offset", () => {
  expect(localInputToRfc3339('2026-12-01T10:00', 'Asia/Kolkata')).toBe('2026-12-01T10:00:00+05:30')
  expect(localInputToRfc3339('2026-12-01T10:00', 'UTC')).toBe('2026-12-01T10:00:00+00:00')
  // Summer and winter time: the offset of that day, not today's.
  expect(localInputToRfc3339('2026-07-01T09:15', 'America/New_York')).toBe('2026-07-01T09:15:00-04:00')
  expect(localInputToRfc3339('2026-12-01T09:15', 'America/New_York')).toBe('2026-12-01T09:15:00-05:00')
  expect(localInputToRfc3339('2026-12-01T10:00', 'Asia/Kathmandu')).toBe('2026-12-01T10:00:00+05:45')
  // The instant is the one meant.
  expect(new Date(localInputToRfc3339('2026-12-01T10:00', 'Asia/Kolkata')!).toISOString()).toBe('2026-12-01T04:30:00.000Z')
  viewerIn('Asia/Kolkata')
  expect(localInputToRfc3339('2026-12-01T10:00')).toBe('2026-12-01T10:00:00+05:30')
  for (const bad of ['', 'tomorrow', '2026-12-01', '2026-12-01 10:00']) expect(localInputToRfc3339(bad, 'UTC')).toBeNull()
})

test('an instant goes back into a datetime-local input as its wall-clock time in the zone', () => {
  expect(toLocalInput('2026-12-01T04:30:00Z', 'Asia/Kolkata')).toBe('2026-12-01T10:00')
  expect(toLocalInput('2026-12-01T04:30:00Z', 'America/New_York')).toBe('2026-11-30T23:30')
})

test("a time of day reads HH:mm in the viewer's zone, with its day when that was an earlier day there", () => {
  // fixed clock: the instants and "now" are given.
  const at = Date.parse('2026-03-04T08:35:00Z')
  expect(formatZonedTimeOfDay(at, 'Asia/Kolkata', Date.parse('2026-03-04T10:00:00Z'))).toBe('14:05')
  expect(formatZonedTimeOfDay(at, 'UTC', Date.parse('2026-03-04T23:59:00Z'))).toBe('08:35')
  // 23:30 in India is the day before in UTC's terms, but the same day for the viewer.
  expect(formatZonedTimeOfDay(Date.parse('2026-03-04T18:00:00Z'), 'Asia/Kolkata', Date.parse('2026-03-04T18:20:00Z'))).toBe('23:30')
  expect(formatZonedTimeOfDay(at, 'Asia/Kolkata', Date.parse('2026-03-06T10:00:00Z'))).toBe('14:05 on Wed, 4 Mar')
  // Half an hour after midnight in India, 23:30 was yesterday there.
  expect(formatZonedTimeOfDay(Date.parse('2026-03-04T18:00:00Z'), 'Asia/Kolkata', Date.parse('2026-03-04T19:00:00Z'))).toBe('23:30 on Wed, 4 Mar')
  expect(formatZonedTimeOfDay(Date.parse('2026-03-04T18:00:00Z'), 'UTC', Date.parse('2026-03-05T00:10:00Z'))).toBe('18:00 on Wed, 4 Mar')
})
