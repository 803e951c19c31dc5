import type { ApplicantSearchResponse, FoundApplication } from '@/features/applications/api/search-applicants'
import type { Answer, Question } from '@/features/applications/screening'
import type { Application } from '@/features/applications/types'
import { application, job } from './fixtures'
import { http, server } from './server'

/** The screening questions of the tests' job: one of each kind, the first three with a requirement. */
export const QUESTIONS: Question[] = [
  { _id: 'q-visa', kind: 'yesNo', text: 'Do you hold a work visa?', required: true, choices: [], wanted: { yes: true } },
  { _id: 'q-years', kind: 'number', text: 'Years of Rust?', required: true, choices: [], wanted: { min: 3 } },
  { _id: 'q-mode', kind: 'choice', text: 'Where would you work?', required: false, choices: ['Office', 'Remote'], wanted: { choices: ['Office'] } },
  { _id: 'q-why', kind: 'text', text: 'Why us?', required: false, choices: [] },
]

/** The job with those questions. */
export const screenedJob = () => job({ questions: QUESTIONS })

const question = (id: string) => QUESTIONS.find((each) => each._id === id)!

/** Ann's answers: a visa, 2 years (short of 3), the office, and a text: 2 of the 3 requirements met. */
export const ANN_ANSWERS: Answer[] = [
  { question: question('q-visa'), answer: true, meets: true },
  { question: question('q-years'), answer: 2, meets: false },
  { question: question('q-mode'), answer: 'Office', meets: true },
  { question: question('q-why'), answer: 'Your Rust services.', meets: null },
]

/** An application to the screened job, with Ann's answers unless told otherwise. */
export const screenedApplication = (overrides: Partial<Application> = {}): Application =>
  application({ answers: ANN_ANSWERS, requirements: { met: 2, total: 3 }, ...overrides })

/** `found` as the search gives it, with a snippet of `parts` (a string is a match when in [brackets]) from `source`. */
export function found(app: Application, source: NonNullable<FoundApplication['snippet']>['source'], text: string): FoundApplication {
  const parts = text
    .split(/(\[[^\]]+\])/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('[') ? { text: part.slice(1, -1), match: true } : { text: part, match: false }))
  return { ...app, snippet: { source, parts } }
}

/** A request's query as an object, to compare whole. */
export const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams)

/**
 * Answers the job's list of applications with `applications` (whatever the filters) and records each
 * request's query; an application's Details find no notes.
 */
export function answerJobApplications(applications: (query: Record<string, string>) => Application[] = () => []) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'Job fetched successfully', data: screenedJob() })),
    http.get('/auth/jobs/applications/{jobId}', ({ request, response }) => {
      const query = queryOf(request.url)
      queries.push(query)
      return response(200).json({ success: true, message: 'Applications fetched successfully', applications: applications(query) })
    }),
    http.get('/auth/applications/{applicationId}/notes', ({ response }) => response(200).json({ success: true, message: 'Notes fetched successfully', notes: [] })),
  )
  return queries
}

type SearchAnswer = Pick<ApplicantSearchResponse, 'applications' | 'total'> | { status: 503 | 400; message: string }

/** Answers the applicant search with `answer` for each query, and records each request's query. */
export function answerSearch(answer: (query: Record<string, string>) => SearchAnswer) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('/auth/applications/search', ({ request, response }) => {
      const query = queryOf(request.url)
      queries.push(query)
      const answered = answer(query)
      if ('status' in answered) return response(answered.status).json({ success: false, message: answered.message })
      return response(200).json({ success: true, message: 'Applications found', page: Number(query.page), limit: Number(query.limit), ...answered })
    }),
  )
  return queries
}
