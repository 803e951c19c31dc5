import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { categories, job } from '@/testing/fixtures'
import { parseJobSearch } from '../search'
import { PlainJobSearch, plainSearchView } from './plain-job-search'

const page = (total: number, jobs = [job()]) => ({ data: jobs, total, page: 1, limit: 20, totalCapped: false, totalExact: true })

function renderPlain(query: string, total: number, onCategoryPage = false) {
  const search = parseJobSearch(new URLSearchParams(query))
  const view = plainSearchView(onCategoryPage ? '/category/engineering' : '/jobs', search, page(total), onCategoryPage ? null : categories, 'No jobs found for your search.')
  render(
    <MemoryRouter>
      <PlainJobSearch view={view} />
    </MemoryRouter>,
  )
}

test("the plain search's pages are links to the same search, its parameters in the app's order", () => {
  renderPlain('closed=1&q=rust&asTyped=1&workMode=Remote&page=2', 45)
  const pages = screen.getByRole('navigation', { name: 'Pagination' })
  expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/jobs?q=rust&workMode=Remote&closed=1&asTyped=1')
  expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/jobs?q=rust&workMode=Remote&closed=1&asTyped=1&page=3')
  expect(within(pages).getByText('Page 2 of 3')).toBeInTheDocument()
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('rust')
  expect(screen.getByText('45 jobs found')).toBeInTheDocument()
})

test('the plain filters show what the address chose and send the words with them', () => {
  renderPlain('q=rust&sort=newest&workMode=Remote&category=c2&postedWithin=7&salaryMin=50000', 1)
  const filters = screen.getByRole('form', { name: 'Filters' })
  expect(within(filters).getByRole('checkbox', { name: 'Remote' })).toBeChecked()
  expect(within(filters).getByRole('checkbox', { name: 'Hybrid' })).not.toBeChecked()
  expect(within(filters).getByRole('radio', { name: 'Information Technology' })).toBeChecked()
  expect(within(filters).getByRole('radio', { name: 'Last 7 days' })).toBeChecked()
  expect(within(filters).getByLabelText('Minimum salary (₹ per month)')).toHaveValue('50000')
  expect(within(filters).getByRole('checkbox', { name: 'Show closed jobs' })).not.toBeChecked()
  const hidden = [...filters.querySelectorAll('input[type=hidden]')].map((input) => `${input.getAttribute('name')}=${input.getAttribute('value')}`)
  expect(hidden).toEqual(['q=rust', 'sort=newest'])
  // One page: no links.
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
})

test("a category's plain search offers no category and pages under its own address", () => {
  renderPlain('q=lead&page=2', 30, true)
  expect(screen.queryByRole('group', { name: 'Category' })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/category/engineering?q=lead')
})

test('a plain search narrowed to a company keeps the company when its filters are applied and in its pages', () => {
  renderPlain('q=rust&company=acme', 45)
  const filters = screen.getByRole('form', { name: 'Filters' })
  const hidden = [...filters.querySelectorAll('input[type=hidden]')].map((input) => `${input.getAttribute('name')}=${input.getAttribute('value')}`)
  expect(hidden).toEqual(['q=rust', 'company=acme'])
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/jobs?q=rust&company=acme&page=2')
})

test("a company's plain search, given the search its address holds, offers every category and pages under its own address", () => {
  const search = parseJobSearch(new URLSearchParams('q=lead&category=c1&page=2'))
  const view = plainSearchView('/company/acme', search, page(45), categories, 'No jobs available at this company.')
  render(
    <MemoryRouter>
      <PlainJobSearch view={view} />
    </MemoryRouter>,
  )
  expect(within(screen.getByRole('group', { name: 'Category' })).getByRole('radio', { name: 'Engineering' })).toBeChecked()
  expect(screen.getByRole('form', { name: 'Filters' })).toHaveAttribute('action', '/company/acme')
  expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/company/acme?q=lead&category=c1')
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/company/acme?q=lead&category=c1&page=3')
})
