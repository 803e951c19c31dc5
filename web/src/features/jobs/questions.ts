import { questionKindValues } from '@/lib/api-types'
import { z } from '@/lib/zod'
import type { Question, QuestionInput, QuestionKind } from './types'

/** The limits of docs/rules.md#screening, as server/src/jobs/questions.rs holds them. */
export const MAX_QUESTIONS = 10
const MAX_QUESTION_CHARS = 300
export const MIN_CHOICES = 2
export const MAX_CHOICES = 20
const MAX_CHOICE_CHARS = 100
const MAX_NUMBER = 1_000_000_000

/** What each kind is called on the form, in the order it offers them. */
export const QUESTION_KINDS: readonly { kind: QuestionKind; label: string }[] = [
  { kind: 'yesNo', label: 'Yes/No' },
  { kind: 'number', label: 'Number' },
  { kind: 'choice', label: 'One of several choices' },
  { kind: 'text', label: 'Short text' },
]

/**
 * A question as the form holds it: every kind's fields at once, as typed, so changing the kind back
 * and forth loses nothing; only the chosen kind's are checked and sent. A choice carries whether it
 * is wanted, so the requirement follows the choice when its text changes or it moves.
 */
const questionDraftSchema = z.object({
  /** The question's `_id` on the job being edited; a new question has none. */
  _id: z.optional(z.string()),
  kind: z.enum(questionKindValues),
  text: z.string(),
  required: z.boolean(),
  choices: z.array(z.object({ text: z.string(), wanted: z.boolean() })),
  /** The wanted answer of a yes/no question: none, yes or no. */
  yes: z.enum(['', 'yes', 'no']),
  /** A number question's "at least" and "at most", as typed; blank for no bound. */
  min: z.string(),
  max: z.string(),
})
export type QuestionDraft = z.infer<typeof questionDraftSchema>

export const newChoice = () => ({ text: '', wanted: false })

/** A new question, yes/no until another kind is chosen, with the two blank choices a choice question starts from. */
export const newQuestion = (): QuestionDraft => ({
  kind: 'yesNo',
  text: '',
  required: false,
  choices: [newChoice(), newChoice()],
  yes: '',
  min: '',
  max: '',
})

/** Characters as the server counts them (Unicode scalar values), not UTF-16 code units. */
const length = (text: string) => Array.from(text).length

/** "Question 2 (Years of Rust?)": how the server's messages name a question, its text cut after 60 characters. */
function named(index: number, text: string) {
  if (!text) return `Question ${index + 1}`
  const characters = Array.from(text)
  const short = characters.slice(0, 60).join('')
  return `Question ${index + 1} (${short}${characters.length > 60 ? '…' : ''})`
}

/** A bound as typed: blank is none; anything else must be a number within the server's range. */
function bound(text: string): { value?: number; valid: boolean } {
  if (text.trim() === '') return { valid: true }
  const value = Number(text)
  return { value, valid: Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER }
}

type Issue = { path: (string | number)[]; message: string }

/**
 * What the server would refuse in these questions, each with the server's words and the field it
 * concerns (docs/rules.md#screening). The server stops at the first; the form shows them all.
 */
export function questionIssues(questions: QuestionDraft[]): Issue[] {
  const issues: Issue[] = []
  if (questions.length > MAX_QUESTIONS) issues.push({ path: [], message: `A job asks at most ${MAX_QUESTIONS} questions` })
  questions.forEach((question, index) => {
    const text = question.text.trim()
    if (!text) issues.push({ path: [index, 'text'], message: `Question ${index + 1} needs its text` })
    else if (length(text) > MAX_QUESTION_CHARS)
      issues.push({ path: [index, 'text'], message: `Question ${index + 1} must be at most ${MAX_QUESTION_CHARS} characters` })
    const name = named(index, text)
    if (question.kind === 'choice') {
      const seen: string[] = []
      question.choices.forEach((choice, position) => {
        const words = choice.text.trim()
        if (!words || length(words) > MAX_CHOICE_CHARS)
          issues.push({ path: [index, 'choices', position, 'text'], message: `${name}: each choice is 1 to ${MAX_CHOICE_CHARS} characters` })
        else if (seen.includes(words.toLowerCase()))
          issues.push({ path: [index, 'choices', position, 'text'], message: `${name}: each choice is given once` })
        seen.push(words.toLowerCase())
      })
      if (question.choices.length < MIN_CHOICES || question.choices.length > MAX_CHOICES)
        issues.push({ path: [index, 'choices'], message: `${name}: a choice question needs ${MIN_CHOICES} to ${MAX_CHOICES} choices` })
    }
    if (question.kind === 'number') {
      const message = `${name}: the wanted answer is a min and/or a max, the min not above the max`
      const min = bound(question.min)
      const max = bound(question.max)
      if (!min.valid) issues.push({ path: [index, 'min'], message })
      if (!max.valid) issues.push({ path: [index, 'max'], message })
      else if (min.value !== undefined && max.value !== undefined && min.value > max.value) issues.push({ path: [index, 'max'], message })
    }
  })
  return issues
}

/** The form's list of questions, checked as the server checks them. */
export const questionsSchema = z.array(questionDraftSchema).check(
  z.superRefine((questions, ctx) => {
    for (const { path, message } of questionIssues(questions)) ctx.addIssue({ code: 'custom', message, path, input: questions })
  }),
)

/** A checked question as createJob and updateJob take it: only its kind's fields, a requirement only when one was asked for. */
export function questionInput(question: QuestionDraft): QuestionInput {
  const asked = { ...(question._id ? { _id: question._id } : {}), kind: question.kind, text: question.text.trim(), required: question.required }
  switch (question.kind) {
    case 'yesNo':
      return question.yes ? { ...asked, wanted: { yes: question.yes === 'yes' } } : asked
    case 'number': {
      const min = bound(question.min).value
      const max = bound(question.max).value
      if (min === undefined && max === undefined) return asked
      return { ...asked, wanted: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } }
    }
    case 'choice': {
      const choices = question.choices.map((choice) => choice.text.trim())
      const wanted = question.choices.filter((choice) => choice.wanted).map((choice) => choice.text.trim())
      return wanted.length ? { ...asked, choices, wanted: { choices: wanted } } : { ...asked, choices }
    }
    case 'text':
      return asked
  }
}

/** A job's questions as the form holds them, each keeping its `_id`. */
export function questionDraft(question: Question): QuestionDraft {
  const wanted = question.wanted
  const choices = question.choices ?? []
  return {
    ...newQuestion(),
    _id: question._id,
    kind: question.kind,
    text: question.text,
    required: question.required,
    ...(choices.length ? { choices: choices.map((text) => ({ text, wanted: wanted?.choices?.includes(text) ?? false })) } : {}),
    yes: wanted?.yes === true ? 'yes' : wanted?.yes === false ? 'no' : '',
    min: wanted?.min == null ? '' : String(wanted.min),
    max: wanted?.max == null ? '' : String(wanted.max),
  }
}
