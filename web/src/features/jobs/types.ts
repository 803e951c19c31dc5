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

/** One page of `/jobs/alljobs`: `total` counts matches up to the server's cap; `totalCapped` says there are more. */
export type JobsPage = { data: Job[]; total: number; totalCapped: boolean; page: number; limit: number }
