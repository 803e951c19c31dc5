import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Question } from '@/features/jobs/types'

/** A job's questions as the server sends them: a required number wanting at least 3, a choice wanting two of three, a text. */
export const askedQuestions = (): Question[] => [
  { _id: 'q1', kind: 'number', text: 'Years of Rust?', required: true, wanted: { min: 3 } },
  { _id: 'q2', kind: 'choice', text: 'Notice period', required: false, choices: ['None', '30 days', '90 days'], wanted: { choices: ['None', '30 days'] } },
  { _id: 'q3', kind: 'text', text: 'Your best project', required: false },
]

/** The fieldset of question `number` (counted from 1). */
export const questionGroup = (number: number) => screen.getByRole('group', { name: `Question ${number}` })

/** The legends of the questions shown, in order, with each one's text: ["Question 1: Years of Rust?", …]. */
export const questionsShown = () =>
  screen
    .queryAllByRole('group', { name: /^Question \d+$/ })
    .map((group) => `${group.querySelector('legend')?.textContent}: ${(within(group).getByLabelText('Question') as HTMLInputElement).value}`)

type Filled = { text: string; kind?: 'Yes/No' | 'Number' | 'One of several choices' | 'Short text'; required?: boolean; choices?: string[] }

/** Adds a question with "Add a question" and fills in its text, kind, Required and choices; returns its fieldset. */
export async function addQuestion(user: UserEvent, { text, kind, required, choices }: Filled) {
  await user.click(screen.getByRole('button', { name: 'Add a question' }))
  const group = screen.getAllByRole('group', { name: /^Question \d+$/ }).at(-1)!
  const ask = within(group)
  await user.type(ask.getByLabelText('Question'), text)
  if (kind) await user.selectOptions(ask.getByLabelText('Answer type'), kind)
  if (required) await user.click(ask.getByRole('checkbox', { name: 'Required' }))
  for (const [index, choice] of (choices ?? []).entries()) {
    if (index >= 2) await user.click(ask.getByRole('button', { name: /^Add a choice/ }))
    await user.type(ask.getByLabelText(`Choice ${index + 1}`), choice)
  }
  return group
}
