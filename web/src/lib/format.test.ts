import { formatCount, formatSalary } from './format'

test('a salary is grouped the Indian way, in lakhs and crores', () => {
  expect(formatSalary(240000)).toBe('₹2,40,000 per month')
  expect(formatSalary(12345678)).toBe('₹1,23,45,678 per month')
  expect(formatSalary(85000)).toBe('₹85,000 per month')
  expect(formatSalary(500)).toBe('₹500 per month')
  expect(formatCount(123456)).toBe('(1,23,456)')
})
