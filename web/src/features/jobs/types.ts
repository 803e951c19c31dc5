export type JobType = 'Full-time' | 'Part-time' | 'Internship'

export const JOB_TYPES: readonly JobType[] = ['Full-time', 'Part-time', 'Internship']

export type Job = {
  _id: string
  title: string
  company: string
  description: string
  salary: number
  dateOfPosting: string
  deadline: string
  location: string
  maxApplicants: number
  maxPositions: number
  skillsets: string[]
  jobType: JobType
  category: string
  categoryName: string
  userId: string
  applicationsCount: number
}
