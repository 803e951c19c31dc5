import type { Question } from '@/features/applications/screening'

/** A question of the job j1 asks: an optional text question unless told otherwise. */
export const question = (overrides: Partial<Question> = {}): Question => ({
  _id: 'q1',
  kind: 'text',
  text: 'Anything else?',
  required: false,
  ...overrides,
})

/**
 * One question of each kind, the first two required, with what the recruiter wants of three of them
 * (which the applicant is never shown).
 */
export const screeningQuestions = (): Question[] => [
  question({ _id: 'q-relocate', kind: 'yesNo', text: 'Can you work from Pune?', required: true, wanted: { yes: true } }),
  question({ _id: 'q-years', kind: 'number', text: 'Years of Rust?', required: true, wanted: { min: 3 } }),
  question({
    _id: 'q-notice',
    kind: 'choice',
    text: 'Notice period',
    choices: ['Immediate', '30 days', '90 days'],
    wanted: { choices: ['Immediate', '30 days'] },
  }),
  question({ _id: 'q-note', kind: 'text', text: 'Anything else?' }),
]
