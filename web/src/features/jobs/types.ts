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
  /**
   * The words of `title` that matched the search: `[start, end]` offsets in UTF-16 code units
   * (JavaScript string indices, `end` exclusive), in order and not overlapping. Only with words.
   */
  titleMatches?: [number, number][]
}

/**
 * Matches per category `_id` for the words and every filter but the category, and per job type for
 * the words and every filter but the job type: what choosing each would give.
 */
export type JobFacets = { categories: Record<string, number>; jobTypes: Partial<Record<JobType, number>> }

/**
 * One page of `/jobs/alljobs`: `total` counts matches up to the server's cap; `totalCapped` says there
 * are more. `correctedQuery` is the spelling the results are for when the words as typed were a typo;
 * `facets` is absent only while the server first builds its search index.
 */
export type JobsPage = {
  data: Job[]
  total: number
  totalCapped: boolean
  page: number
  limit: number
  correctedQuery?: string
  facets?: JobFacets
}
