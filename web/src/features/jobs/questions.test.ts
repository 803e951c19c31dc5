import { askedQuestions } from '@/testing/screening-questions'
import { newQuestion, questionDraft, questionInput, questionIssues, type QuestionDraft } from './questions'

const draft = (overrides: Partial<QuestionDraft>): QuestionDraft => ({ ...newQuestion(), ...overrides })

test('a question is named as the server names it: its number and its text cut after 60 characters', () => {
  const long = `${'Describe '.repeat(6)}your favourite project`
  expect(questionIssues([draft({ text: 'Years?', kind: 'number', min: '1e10' })])).toEqual([
    { path: [0, 'min'], message: 'Question 1 (Years?): the wanted answer is a min and/or a max, the min not above the max' },
  ])
  expect(questionIssues([draft({ text: long, kind: 'choice', choices: [{ text: 'A', wanted: false }] })])).toEqual([
    { path: [0, 'choices'], message: `Question 1 (${long.slice(0, 60)}…): a choice question needs 2 to 20 choices` },
  ])
})

test('characters are counted as the server counts them, so an emoji is one', () => {
  expect(questionIssues([draft({ text: '🦀'.repeat(300) })])).toEqual([])
  expect(questionIssues([draft({ text: '🦀'.repeat(301) })])).toEqual([{ path: [0, 'text'], message: 'Question 1 must be at most 300 characters' }])
  const choices = [{ text: 'é'.repeat(100), wanted: false }, { text: 'x'.repeat(101), wanted: false }]
  expect(questionIssues([draft({ text: 'Pick', kind: 'choice', choices })])).toEqual([
    { path: [0, 'choices', 1, 'text'], message: 'Question 1 (Pick): each choice is 1 to 100 characters' },
  ])
})

test('only the chosen kind is checked: a text question with blank choices and bounds left over passes', () => {
  expect(questionIssues([draft({ text: 'Why us?', kind: 'text', min: 'x', max: '-5' })])).toEqual([])
  expect(questionIssues(Array.from({ length: 11 }, () => draft({ text: 'Q' })))).toEqual([{ path: [], message: 'A job asks at most 10 questions' }])
})

test("a job's questions read into the form and back are the same questions, _id and requirement included", () => {
  expect(askedQuestions().map(questionDraft).map(questionInput)).toEqual(askedQuestions())
  const noRequirement = { _id: 'q9', kind: 'yesNo', text: 'Pune?', required: false } as const
  expect(questionInput(questionDraft(noRequirement))).toEqual(noRequirement)
  const atMost = { _id: 'q8', kind: 'number', text: 'Notice in days?', required: false, wanted: { max: 30 } } as const
  expect(questionInput(questionDraft(atMost))).toEqual(atMost)
})
