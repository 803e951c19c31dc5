import type { User } from '@/features/auth/types'
import type { Category } from '@/features/categories/types'
import type { Job } from '@/features/jobs/types'

export const categories: Category[] = [
  { _id: 'c1', name: 'Engineering', description: 'Build and maintain systems.' },
  { _id: 'c2', name: 'Information Technology', description: 'Keep the computers running.' },
]

export const job = (overrides: Partial<Job> = {}): Job => ({
  _id: 'j1',
  title: 'Backend Developer',
  company: 'Acme',
  description: 'Write Rust services.',
  salary: 50000,
  dateOfPosting: '2026-01-01T00:00:00Z',
  deadline: '2099-12-31T00:00:00Z',
  location: 'Pune',
  maxApplicants: 10,
  maxPositions: 2,
  skillsets: ['Rust', 'SQL'],
  jobType: 'Full-time',
  category: 'c1',
  categoryName: 'Engineering',
  userId: 'u1',
  applicationsCount: 0,
  ...overrides,
})

export const applicant: User = {
  _id: 'u-applicant',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  accountType: 'Applicant',
  image: '/api/v1/avatars/u-applicant.svg',
  token: 'applicant-token',
}

export const recruiter: User = {
  _id: 'u-recruiter',
  firstName: 'Raj',
  lastName: 'Rao',
  email: 'raj@example.com',
  accountType: 'Recruiter',
  image: '/api/v1/avatars/u-recruiter.svg',
  token: 'recruiter-token',
}
