import { useId } from 'react'
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { answerLength, MAX_TEXT_ANSWER, type ApplyValues } from '../apply-answers'
import type { Question } from '../screening'

type Props = {
  question: Question
  /** Its place among the job's questions, from 0: its answer is `answers.{index}`. */
  index: number
  control: Control<ApplyValues>
  register: UseFormRegister<ApplyValues>
  error?: string
}

/** The question as its label says it: its text, and "(required)" in words rather than only a colour or a star. */
const labelOf = ({ text, required }: Question) => (required ? `${text} (required)` : text)

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

/** A yes/no or choice question: a group of radio buttons named by the question, its error read with each of them. */
function RadioQuestion({ question, index, register, error }: Props) {
  const errorId = useId()
  const yesNo = question.kind === 'yesNo'
  const options = yesNo ? YES_NO : (question.choices ?? []).map((choice) => ({ value: choice, label: choice }))
  return (
    <fieldset>
      <legend className="mb-1 font-medium text-gray-900">{labelOf(question)}</legend>
      <div className={yesNo ? 'flex gap-6' : 'flex flex-col gap-2'}>
        {options.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-2 text-gray-900">
            <input
              type="radio"
              value={value}
              required={question.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-4 w-4 shrink-0 accent-primary"
              {...register(`answers.${index}`)}
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A text question: a text area with a live count of the 500 characters it takes. */
function TextQuestion({ question, index, control, register, error }: Props) {
  const length = answerLength(useWatch({ control, name: `answers.${index}` }) ?? '')
  return (
    <TextAreaField
      label={labelOf(question)}
      rows={3}
      required={question.required}
      error={error}
      hint={
        <span className={length > MAX_TEXT_ANSWER ? 'font-semibold text-red-700' : undefined}>
          {length} / {MAX_TEXT_ANSWER} characters
        </span>
      }
      {...register(`answers.${index}`)}
    />
  )
}

/** One screening question, asked as its kind takes an answer. */
export function QuestionField(props: Props) {
  const { question, index, register, error } = props
  switch (question.kind) {
    case 'yesNo':
    case 'choice':
      return <RadioQuestion {...props} />
    case 'number':
      return (
        <FormField
          label={labelOf(question)}
          type="number"
          inputMode="decimal"
          step="any"
          required={question.required}
          error={error}
          {...register(`answers.${index}`)}
        />
      )
    case 'text':
      return <TextQuestion {...props} />
  }
}
