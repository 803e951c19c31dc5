import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { asksLine } from '@/lib/questions'
import { JobArticle, questionDetail, type JobView } from './job-article'

const view: JobView = {
  path: '/job/j1',
  title: 'Rust Engineer',
  company: 'Acme',
  companyPath: '',
  facts: [],
  description: 'Build it.',
  skills: [],
  asks: asksLine(2),
  questions: [
    { text: 'Years of Rust?', detail: questionDetail({ kind: 'number', required: true }) },
    { text: 'Notice period', detail: questionDetail({ kind: 'choice', required: false, choices: ['None', '30 days'] }) },
  ],
  open: true,
  deadline: '1 Jan',
  closedOn: null,
}

test('a job that asks questions says how many before anyone starts, and lists them with how each is answered', () => {
  render(
    <MemoryRouter>
      <JobArticle view={view} />
    </MemoryRouter>,
  )
  expect(screen.getByRole('heading', { name: 'Screening questions' })).toBeInTheDocument()
  expect(screen.getByText('This job asks 2 questions, answered when you apply:')).toBeInTheDocument()
  const items = within(screen.getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)
  expect(items).toEqual(['Years of Rust? (A number, required)', 'Notice period (One of: None, 30 days)'])
})

test('a job without questions shows no questions section', () => {
  render(
    <MemoryRouter>
      <JobArticle view={{ ...view, asks: asksLine(0), questions: [] }} />
    </MemoryRouter>,
  )
  expect(screen.queryByRole('heading', { name: 'Screening questions' })).toBeNull()
})

test('the count reads in the singular for one question', () => {
  expect([asksLine(0), asksLine(1), asksLine(3)]).toEqual(['', 'This job asks 1 question', 'This job asks 3 questions'])
  expect(questionDetail({ kind: 'yesNo', required: false })).toBe('Yes or no')
  expect(questionDetail({ kind: 'text', required: true })).toBe('A short text, required')
})
