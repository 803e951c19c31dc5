import { applyBy, isClosed, postedAgo, todayInputValue } from './format'

// These functions are pure: each test passes its own `now` (or needs none), so their dates are literal.
// A line naming a posting date or a deadline says "fixed clock" (the test sets now) or "fixed date" (no
// clock is read) for the repository's date check; a date still ahead is kept out of those that read none.

test('"Posted ..." counts whole calendar days (UTC, as dates are shown) and says "today" and "1 day" properly', () => {
  const now = Date.parse('2026-12-12T18:30:00Z') // fixed clock for this test
  expect(postedAgo('2026-12-12T00:00:00Z', now)).toBe('Posted today') // fixed clock: now is set above
  expect(postedAgo('2026-12-11T23:59:00Z', now)).toBe('Posted 1 day ago') // fixed clock: now is set above
  expect(postedAgo('2026-12-11T00:00:00Z', now)).toBe('Posted 1 day ago') // fixed clock: now is set above
  expect(postedAgo('2026-12-10T00:00:00Z', now)).toBe('Posted 2 days ago') // fixed clock: now is set above
  expect(postedAgo('2025-12-12T00:00:00Z', now)).toBe('Posted 365 days ago') // fixed clock: now is set above
  // A recruiter may choose a posting date still ahead.
  expect(postedAgo('2026-12-20T00:00:00Z', now)).toBe('Posting on 20 Dec 2026') // fixed clock: now is set above
})

test('"Apply by" shows the deadline\'s UTC calendar date, short', () => {
  expect(applyBy('2025-12-12T00:00:00Z')).toBe('Apply by 12 Dec 2025') // fixed date: applyBy reads no clock
  expect(applyBy('2026-01-01T23:59:59Z')).toBe('Apply by 1 Jan 2026') // fixed date: applyBy reads no clock
})

test('a job is closed once its deadline has passed or it has all the applications it takes', () => {
  const now = Date.parse('2026-06-01T00:00:00Z') // fixed clock for this test
  const open = { deadline: '2026-07-01T00:00:00Z', applicationsCount: 2, maxApplicants: 3 } // fixed clock: now is set above
  expect(isClosed(open, now)).toBe(false)
  expect(isClosed({ ...open, deadline: '2026-05-31T00:00:00Z' }, now)).toBe(true) // fixed clock: now is set above
  expect(isClosed({ ...open, applicationsCount: 3 }, now)).toBe(true)
})

test('a job is closed at its deadline itself, as the server counts it', () => {
  const now = Date.parse('2026-06-01T00:00:00Z') // fixed clock for this test
  const job = { deadline: new Date(now).toISOString(), applicationsCount: 0, maxApplicants: 3 }
  expect(isClosed(job, now - 1)).toBe(false)
  expect(isClosed(job, now)).toBe(true)
})

test("today's date for a date input is the local calendar day, not the UTC one", () => {
  // Half past midnight local time: west of UTC's midnight it is already another UTC day, east of it the previous one.
  expect(todayInputValue(new Date(2026, 4, 2, 0, 30))).toBe('2026-05-02')
  expect(todayInputValue(new Date(2026, 11, 31, 23, 45))).toBe('2026-12-31')
})
