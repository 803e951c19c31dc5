import { formatCount, formatDateTime, formatEstimate, formatSalary } from './format'

test('a salary is grouped the Indian way, in lakhs and crores', () => {
  expect(formatSalary(240000)).toBe('₹2,40,000 per month')
  expect(formatSalary(12345678)).toBe('₹1,23,45,678 per month')
  expect(formatSalary(85000)).toBe('₹85,000 per month')
  expect(formatSalary(500)).toBe('₹500 per month')
  expect(formatCount(123456)).toBe('(1,23,456)')
})

test('a salary range shows both ends, and one whose ends agree shows one figure', () => {
  expect(formatSalary(40000, 95000)).toBe('₹40,000 – ₹95,000 per month')
  expect(formatSalary(40000, 40000)).toBe('₹40,000 per month')
  expect(formatSalary(40000, null)).toBe('₹40,000 per month')
})

test('an instant is shown to the minute in UTC, whatever the visitor\'s zone', () => {
  expect(formatDateTime('2026-03-04T09:05:59Z')).toBe('4 March 2026, 09:05 UTC')
  expect(formatDateTime('2026-03-04T23:30:00-02:00')).toBe('5 March 2026, 01:30 UTC')
})

test('an estimated count keeps two figures and says it is one', () => {
  expect(formatEstimate(653_421)).toBe('6,50,000')
  expect(formatEstimate(10_499)).toBe('10,000')
  expect(formatEstimate(87)).toBe('87')
  expect(formatCount(12_345, false)).toBe('(about 12,000)')
  expect(formatCount(12_345)).toBe('(12,345)')
})

