import { categorySlug, titleFromSlug } from './slug'

test('categorySlug lower-cases the name and turns spaces into hyphens', () => {
  expect(categorySlug('Information Technology')).toBe('information-technology')
  expect(categorySlug('Engineering')).toBe('engineering')
  expect(categorySlug('Business  Development')).toBe('business-development')
})

test('titleFromSlug turns a footer path into its page title', () => {
  expect(titleFromSlug('career-paths')).toBe('Career Paths')
  expect(titleFromSlug('terms')).toBe('Terms')
})
