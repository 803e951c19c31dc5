import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A screening question as the job asks it now (docs/rules.md#screening). */
export type Question = Schemas['Question']

/** An application's answer, kept with its question as it was asked. */
export type Answer = Schemas['Answer']

export type Requirements = Schemas['Requirements']

/**
 * What the hiring team narrows a job's applications to, as the address keeps it: those meeting every
 * requirement, and those that gave `answer` to `question`. A question chosen without its answer yet
 * narrows nothing.
 */
export type ScreeningFilters = { meets: boolean; question: string; answer: string }

/** The query the API takes for the filters (`meets=all`, `question` with `answer`): only those set. */
export type ScreeningQuery = { meets?: 'all'; question?: string; answer?: string }

/** The address's names for the filters. */
export const FILTER_PARAMS = ['meets', 'question', 'answer'] as const

export function readScreeningFilters(params: URLSearchParams): ScreeningFilters {
  return { meets: params.get('meets') === 'all', question: params.get('question') ?? '', answer: params.get('answer') ?? '' }
}

export function screeningQuery({ meets, question, answer }: ScreeningFilters): ScreeningQuery {
  return { ...(meets && { meets: 'all' }), ...(question && answer && { question, answer }) }
}

/** What a job's empty list says: with filters on, that none match them. */
export const noApplicationsText = (query: ScreeningQuery) =>
  Object.keys(query).length > 0 ? 'No applications match these filters.' : 'No applications found for this job.'

/** The questions an answer filter can pick: a text answer is read, not matched. */
export const filterableQuestions = (questions: Question[]) => questions.filter((question) => question.kind !== 'text')

/** An answer in words: "Yes" or "No" for a yes/no question, the number or the choice or the text as given. */
export function answerText(answer: unknown): string {
  if (answer === true) return 'Yes'
  if (answer === false) return 'No'
  if (typeof answer === 'number' || (typeof answer === 'string' && answer.trim() !== '')) return String(answer)
  return 'Not answered'
}

/** "Meets 2 of 3 requirements", "Meets all 3 requirements". */
export function requirementsText({ met, total }: Requirements): string {
  if (met >= total) return total === 1 ? 'Meets the 1 requirement' : `Meets all ${total} requirements`
  return `Meets ${met} of ${total} ${total === 1 ? 'requirement' : 'requirements'}`
}
