import { z } from '@/lib/zod'
import type { Question } from './screening'
import { sopSchema } from './sop'

/** docs/rules.md#screening: the longest text answer (trimmed, in characters) and the largest number, either way. */
export const MAX_TEXT_ANSWER = 500
const MAX_NUMBER = 1_000_000_000

/** A text's length as the server counts it: characters (not UTF-16 units) of the trimmed text. */
export const answerLength = (text: string) => Array.from(text.trim()).length

/** "Question 2 (Years of Rust?)": how the server names a question, its text cut after 60 characters. */
export function questionName(index: number, text: string) {
  const characters = Array.from(text)
  const cut = characters.length > 60 ? '…' : ''
  return `Question ${index + 1} (${characters.slice(0, 60).join('')}${cut})`
}

/**
 * An answer as the form holds it: the text of its field, "yes" or "no" for a yes/no question, the
 * choice; `null` (or undefined) while none of a question's radio buttons is chosen.
 */
export type AnswerInput = string | null | undefined

/** What an answer is sent as: `true`/`false`, a number, the choice, the trimmed text; undefined when there is none. */
function answerValue(question: Question, input: AnswerInput): boolean | number | string | undefined {
  const text = (input ?? '').trim()
  if (text === '') return undefined
  switch (question.kind) {
    case 'yesNo':
      return text === 'yes'
    case 'number':
      return Number(text)
    case 'choice':
    case 'text':
      return text
  }
}

/** What the server would refuse in an answer, in its words; null when it takes it. */
export function answerProblem(question: Question, index: number, input: AnswerInput): string | null {
  const name = questionName(index, question.text)
  const value = answerValue(question, input)
  if (value === undefined) return question.required ? `${name} must be answered` : null
  if (typeof value === 'number' && !(Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER)) return `${name} is answered with a number`
  if (question.kind === 'text' && answerLength(String(value)) > MAX_TEXT_ANSWER) return `${name} is answered in at most ${MAX_TEXT_ANSWER} characters`
  return null
}

/** The statement and one answer per question, in the questions' order, each checked as the server checks it. */
export const applySchema = (questions: Question[]) =>
  z.object({
    sop: sopSchema.shape.sop,
    answers: z.array(z.nullish(z.string())).check(
      z.superRefine((answers, context) =>
        questions.forEach((question, index) => {
          const problem = answerProblem(question, index, answers[index])
          if (problem) context.addIssue({ code: 'custom', message: problem, path: [index], input: answers[index] })
        }),
      ),
    ),
  })
export type ApplyValues = z.infer<ReturnType<typeof applySchema>>

/** An answer as `POST /jobs/apply` takes it. */
export type GivenAnswer = { questionId: string; answer: boolean | number | string }

/** The answers to send: each answered question's, in order; an optional question left unanswered is left out. */
export const answersToSend = (questions: Question[], inputs: AnswerInput[]): GivenAnswer[] =>
  questions.flatMap((question, index) => {
    const answer = answerValue(question, inputs[index])
    return answer === undefined ? [] : [{ questionId: question._id, answer }]
  })
