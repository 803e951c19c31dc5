import { viewerIn } from '@/testing/time-zone'
import { formatCount, formatEstimate, formatRelative, formatSalary } from './format'

afterEach(() => vi.restoreAllMocks())

test('a salary is grouped the Indian way, in lakhs and crores', () => {
  expect(formatSalary(240000)).toBe('₹2,40,000 per month')
  expect(formatSalary(12345678)).toBe('₹1,23,45,678 per month')
  expect(formatSalary(85000)).toBe('₹85,000 per month')
  expect(formatSalary(500)).toBe('₹500 per month')
  expect(formatCount(123456)).toBe('(1,23,456)')
})

test('numbers are grouped exactly as Intl writes them in en-IN, decimals and negatives included', () => {
  const intl = new Intl.NumberFormat('en-IN')
  for (const value of [0, 7, 999, 1000, 99999, 100000, 240000, 1234567, 12345678, 987654321012, 1500.5, 2.125, 0.1, -450000]) {
    expect(formatSalary(value)).toBe(`₹${intl.format(value)} per month`)
  }
})

test('a salary range shows both ends, and one whose ends agree shows one figure', () => {
  expect(formatSalary(40000, 95000)).toBe('₹40,000 – ₹95,000 per month')
  expect(formatSalary(40000, 40000)).toBe('₹40,000 per month')
  expect(formatSalary(40000, null)).toBe('₹40,000 per month')
})

test('an estimated count keeps two figures and says it is one', () => {
  expect(formatEstimate(653_421)).toBe('6,50,000')
  expect(formatEstimate(10_499)).toBe('10,000')
  expect(formatEstimate(87)).toBe('87')
  expect(formatCount(12_345, false)).toBe('(about 12,000)')
  expect(formatCount(12_345)).toBe('(12,345)')
})


test("a recent instant reads as how long ago, and one a week or more back as its date and time in the viewer's zone", () => {
  viewerIn('Asia/Kolkata')
  const now = Date.parse('2026-03-10T12:00:00Z')
  expect(formatRelative('2026-03-10T11:59:30Z', now)).toBe('just now')
  expect(formatRelative('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago')
  expect(formatRelative('2026-03-10T09:00:00Z', now)).toBe('3 hours ago')
  expect(formatRelative('2026-03-09T10:00:00Z', now)).toBe('yesterday')
  expect(formatRelative('2026-03-03T12:00:01Z', now)).toBe('6 days ago')
  expect(formatRelative('2026-03-03T12:00:00Z', now)).toBe('Tue, 3 Mar, 2026, 17:30 IST')
  // A clock a little behind the server's still reads "just now".
  expect(formatRelative('2026-03-10T12:00:05Z', now)).toBe('just now')
})
