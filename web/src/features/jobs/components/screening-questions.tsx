import { useId, useRef, useState } from 'react'
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { MAX_CHOICES, MAX_QUESTIONS, MIN_CHOICES, newChoice, newQuestion, QUESTION_KINDS, type QuestionDraft } from '../questions'

/** The part of the Add Job and Edit Job forms this section fills in. */
type QuestionsForm = { questions: QuestionDraft[] }

const QUESTIONS_NOTE = 'Applicants answer these when they apply. Nobody is rejected automatically: you can filter on the answers.'

/**
 * Says `text` to screen readers as it changes: each announcement is a new node, so the same words
 * twice ("Question 2 removed", then the next question 2) are said twice.
 */
function useAnnouncer() {
  const [said, setSaid] = useState({ text: '', count: 0 })
  const announce = (text: string) => setSaid(({ count }) => ({ text, count: count + 1 }))
  const region = (
    <div aria-live="polite" className="sr-only">
      <p key={said.count}>{said.text}</p>
    </div>
  )
  return { announce, region }
}

/** The error under a group of fields, announced as it appears. */
function GroupError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null
}

/**
 * The screening questions of a job (docs/rules.md#screening), inside a form given by FormProvider:
 * up to ten, each with its text, kind, whether it must be answered and what answer is wanted.
 * Each change of the list is announced, and the focus goes where the change leaves the person:
 * to a new question's text, to the question that took a removed one's place, to the moved one's button.
 */
export function ScreeningQuestions() {
  const { control, setFocus } = useFormContext<QuestionsForm>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions' })
  const { errors } = useFormState({ control, name: 'questions' })
  const id = useId()
  const { announce, region } = useAnnouncer()
  const addButton = useRef<HTMLButtonElement>(null)
  const full = fields.length >= MAX_QUESTIONS
  const listError = errors.questions?.root?.message ?? errors.questions?.message

  const add = () => {
    append(newQuestion(), { focusName: `questions.${fields.length}.text` })
    announce(`Question ${fields.length + 1} added`)
  }

  const removeAt = (index: number) => {
    const left = fields.length - 1
    remove(index)
    announce(`Question ${index + 1} removed`)
    requestAnimationFrame(() => (left === 0 ? addButton.current?.focus() : setFocus(`questions.${Math.min(index, left - 1)}.text`)))
  }

  const moveAt = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1
    const key = fields[index].id
    move(index, to)
    announce(`Question ${index + 1} is now question ${to + 1}`)
    // The focus stays on the button pressed, unless the question reached the end it was moving to.
    requestAnimationFrame(() => {
      const same = document.getElementById(`${id}-${key}-${direction}`) as HTMLButtonElement | null
      const other = document.getElementById(`${id}-${key}-${direction === 'up' ? 'down' : 'up'}`)
      ;(same && !same.disabled ? same : other)?.focus()
    })
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-describedby={`${id}-note`} className="flex flex-col gap-4 rounded-md border border-gray-300 p-4">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-gray-900">
          Screening questions
        </h2>
        <p id={`${id}-note`} className="mt-1 text-sm text-gray-700">
          {QUESTIONS_NOTE}
        </p>
      </div>
      {fields.length > 0 && (
        <ol className="flex flex-col gap-4">
          {fields.map((field, index) => (
            <li key={field.id}>
              <QuestionEditor
                index={index}
                count={fields.length}
                moveButtonId={(direction) => `${id}-${field.id}-${direction}`}
                onMove={(direction) => moveAt(index, direction)}
                onRemove={() => removeAt(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <GroupError message={listError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={addButton} variant="secondary" disabled={full} aria-describedby={full ? `${id}-full` : undefined} onClick={add}>
          Add a question
        </Button>
        {full && (
          <p id={`${id}-full`} className="text-sm text-gray-700">
            A job asks at most {MAX_QUESTIONS} questions.
          </p>
        )}
      </div>
      {region}
    </section>
  )
}

type EditorProps = {
  index: number
  count: number
  moveButtonId: (direction: 'up' | 'down') => string
  onMove: (direction: 'up' | 'down') => void
  onRemove: () => void
}

function QuestionEditor({ index, count, moveButtonId, onMove, onRemove }: EditorProps) {
  const { register, control } = useFormContext<QuestionsForm>()
  const { errors } = useFormState({ control, name: `questions.${index}` })
  const kind = useWatch({ control, name: `questions.${index}.kind` })
  const mistakes = errors.questions?.[index]
  const number = index + 1

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-gray-300 p-4">
      <legend className="px-1 font-semibold text-gray-900">Question {number}</legend>
      <FormField label="Question" autoComplete="off" error={mistakes?.text?.message} {...register(`questions.${index}.text`)} />
      <div className="grid items-end gap-3 sm:grid-cols-2">
        <SelectField label="Answer type" {...register(`questions.${index}.kind`)}>
          {QUESTION_KINDS.map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 py-2 text-gray-800">
          <input type="checkbox" className="h-5 w-5" {...register(`questions.${index}.required`)} />
          Required
        </label>
      </div>
      {kind === 'yesNo' && (
        <SelectField label="Wanted answer (optional)" {...register(`questions.${index}.yes`)}>
          <option value="">No requirement</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </SelectField>
      )}
      {kind === 'number' && (
        <fieldset>
          <legend className="mb-1 font-medium text-gray-900">Wanted answer (optional)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="At least" type="number" step="any" inputMode="decimal" error={mistakes?.min?.message} {...register(`questions.${index}.min`)} />
            <FormField label="At most" type="number" step="any" inputMode="decimal" error={mistakes?.max?.message} {...register(`questions.${index}.max`)} />
          </div>
        </fieldset>
      )}
      {kind === 'choice' && <ChoicesEditor index={index} />}
      {kind === 'text' && <p className="text-sm text-gray-700">A short text answer has no wanted answer.</p>}
      <div className="flex flex-wrap gap-2">
        <Button id={moveButtonId('up')} variant="neutral" size="sm" disabled={index === 0} aria-label={`Move question ${number} up`} onClick={() => onMove('up')}>
          <span aria-hidden="true">↑</span> Up
        </Button>
        <Button
          id={moveButtonId('down')}
          variant="neutral"
          size="sm"
          disabled={index === count - 1}
          aria-label={`Move question ${number} down`}
          onClick={() => onMove('down')}
        >
          <span aria-hidden="true">↓</span> Down
        </Button>
        <Button variant="danger-outline" size="sm" aria-label={`Remove question ${number}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </fieldset>
  )
}

/** A choice question's choices, each with its Remove button, and which of them are wanted. */
function ChoicesEditor({ index }: { index: number }) {
  const { register, control, setFocus } = useFormContext<QuestionsForm>()
  const { fields, append, remove } = useFieldArray({ control, name: `questions.${index}.choices` })
  const { errors } = useFormState({ control, name: `questions.${index}.choices` })
  const choices = useWatch({ control, name: `questions.${index}.choices` }) ?? []
  const id = useId()
  const mistakes = errors.questions?.[index]?.choices
  const number = index + 1
  const written = fields.flatMap((field, position) => {
    const text = choices[position]?.text.trim() ?? ''
    return text ? [{ key: field.id, position, text }] : []
  })

  const removeAt = (position: number) => {
    remove(position)
    // The focus goes to the choice that took the removed one's place, or the one before it.
    requestAnimationFrame(() => setFocus(`questions.${index}.choices.${Math.min(position, fields.length - 2)}.text`))
  }

  return (
    <>
      <fieldset aria-describedby={`${id}-hint`} className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-gray-900">Choices</legend>
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {MIN_CHOICES} to {MAX_CHOICES} choices, each different.
        </p>
        {fields.map((field, position) => (
          <div key={field.id} className="flex items-start gap-2">
            <FormField
              label={`Choice ${position + 1}`}
              autoComplete="off"
              className="flex-1"
              error={mistakes?.[position]?.text?.message}
              {...register(`questions.${index}.choices.${position}.text`)}
            />
            <Button
              variant="neutral"
              size="sm"
              className="mt-8"
              disabled={fields.length <= MIN_CHOICES}
              aria-label={`Remove choice ${position + 1} of question ${number}`}
              onClick={() => removeAt(position)}
            >
              Remove
            </Button>
          </div>
        ))}
        <GroupError message={mistakes?.root?.message ?? mistakes?.message} />
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={fields.length >= MAX_CHOICES}
          aria-label={`Add a choice to question ${number}`}
          onClick={() => append(newChoice(), { focusName: `questions.${index}.choices.${fields.length}.text` })}
        >
          Add a choice
        </Button>
      </fieldset>
      <fieldset aria-describedby={`${id}-wanted-hint`}>
        <legend className="mb-1 font-medium text-gray-900">Wanted answers (optional)</legend>
        <p id={`${id}-wanted-hint`} className="text-sm text-gray-700">
          {written.length ? 'Tick the choices that meet your requirement; with none ticked there is no requirement.' : 'Write the choices first, then tick the ones you want.'}
        </p>
        {written.map(({ key, position, text }) => (
          <label key={key} className="flex items-center gap-2 py-1 text-gray-800">
            <input type="checkbox" className="h-5 w-5" {...register(`questions.${index}.choices.${position}.wanted`)} />
            {text}
          </label>
        ))}
      </fieldset>
    </>
  )
}
