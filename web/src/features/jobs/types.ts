import { jobTypeValues, workModeValues, type components } from '@/lib/api-types'

type Schemas = components['schemas']

export type JobType = Schemas['JobType']

export const JOB_TYPES: readonly JobType[] = jobTypeValues

/** Where the work is done. */
export type WorkMode = Schemas['WorkMode']

export const WORK_MODES: readonly WorkMode[] = workModeValues

/**
 * A job; in search results with `titleMatches`, the words of `title` that matched: `[start, end]`
 * offsets in UTF-16 code units (JavaScript string indices, `end` exclusive), in order and not
 * overlapping, only when the search had words.
 */
export type Job = Schemas['FoundJob']

/**
 * Matches per category `_id`, job type, work mode and "Posted within" choice (in days), each for the
 * words and every filter but its own: what choosing each would give.
 */
export type JobFacets = Schemas['Facets']

/**
 * One page of `/jobs/alljobs`: `total` counts matches, exactly while `totalExact` (an estimate past
 * 10,000 matches, or a count that stopped at the server's cap: `totalCapped`). `correctedQuery` is the spelling the results are for when the words as typed were a typo;
 * `facets` is absent only while the server first builds its search index.
 */
export type JobsPage = Omit<Schemas['JobsPage'], 'success' | 'message'>

/** The fields of a new job (POST /jobs/createJob); `categoryName` is the category's `_id`. */
export type JobForm = Schemas['JobForm']

/** The fields an edit may change (PUT /jobs/updateJob/{jobId}). */
export type JobEdit = Schemas['JobEditForm']

/** A screening question as a job asks it (docs/rules.md#screening). */
export type Question = Schemas['Question']

export type QuestionKind = Schemas['QuestionKind']

/**
 * A question as createJob and updateJob take it: one sent with the `_id` of a question the job
 * has stays that question (its answers stay with it); one without is a new question.
 */
export type QuestionInput = Omit<Question, '_id'> & { _id?: string }
