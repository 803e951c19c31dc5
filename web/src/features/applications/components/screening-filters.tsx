import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { filterableQuestions, type Question, type ScreeningFilters } from '../screening'
import { useTyped } from '../use-typed'

type Props = {
  /** The job's questions (a job asking none shows no filters). */
  questions: Question[]
  filters: ScreeningFilters
  onChange: (patch: Partial<ScreeningFilters>) => void
}

/** A typed number as the filter sends it, '' for none, undefined while it is no number. */
function typedNumber(typed: string) {
  const value = typed.trim()
  if (value === '') return ''
  return Number.isFinite(Number(value)) ? value : undefined
}

/** A number question's answer: applied after a pause in typing, or at once with Enter. */
function NumberAnswer({ value, onChange }: { value: string; onChange: (answer: string) => void }) {
  const typed = useTyped(value, onChange, typedNumber)
  return (
    <FormField
      label="Answer"
      type="number"
      inputMode="decimal"
      step="any"
      value={typed.typed}
      onChange={(event) => typed.setTyped(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') typed.applyNow()
      }}
      className="w-40"
    />
  )
}

/** The answer to look for: Yes or No, a number, or one of the question's choices. */
function AnswerControl({ question, value, onChange }: { question: Question; value: string; onChange: (answer: string) => void }) {
  if (question.kind === 'number') return <NumberAnswer key={question._id} value={value} onChange={onChange} />
  const choices = question.kind === 'yesNo' ? [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] : (question.choices ?? []).map((choice) => ({ value: choice, label: choice }))
  return (
    <SelectField label="Answer" value={value} onChange={(event) => onChange(event.target.value)} className="min-w-40">
      <option value="">Any answer</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  )
}

/**
 * The filters as shown. The router applies an address change in a transition, so a control set by
 * the address alone would show its old state for a moment (a ticked box unticked): a choice shows at
 * once, until the address catches up (as the job search's choices do).
 */
function useShownFilters(filters: ScreeningFilters, onChange: (patch: Partial<ScreeningFilters>) => void) {
  const addressKey = `${filters.meets}|${filters.question}|${filters.answer}`
  const [pending, setPending] = useState<Partial<ScreeningFilters>>({})
  const [settledKey, setSettledKey] = useState(addressKey)
  if (settledKey !== addressKey) {
    setSettledKey(addressKey)
    setPending({})
  }
  const choose = (patch: Partial<ScreeningFilters>) => {
    setPending({ ...pending, ...patch })
    onChange(patch)
  }
  return { shown: { ...filters, ...pending }, choose }
}

/**
 * docs/rules.md#screening: what narrows the job's applications (and the search among them): those
 * meeting every requirement, and those that gave an answer to one of the yes/no, number or choice
 * questions. Nobody is rejected by a filter; it only narrows what the team looks at.
 */
export function ScreeningFilterControls({ questions, filters, onChange }: Props) {
  const meetsRef = useRef<HTMLInputElement>(null)
  const { shown, choose } = useShownFilters(filters, onChange)
  const filterable = filterableQuestions(questions)
  const question = filterable.find((each) => each._id === shown.question)
  const on = shown.meets || shown.question !== ''
  return (
    <fieldset className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 font-semibold text-gray-900">
        Filter applications
      </legend>
      <label className="flex items-center gap-2 py-2 font-medium text-gray-900">
        <input ref={meetsRef} type="checkbox" checked={shown.meets} onChange={(event) => choose({ meets: event.target.checked })} className="h-5 w-5 accent-primary" />
        Meets all requirements
      </label>
      {filterable.length > 0 && (
        <>
          <SelectField
            label="Answer to"
            value={question ? question._id : ''}
            onChange={(event) => choose({ question: event.target.value, answer: '' })}
            className="max-w-full min-w-48 sm:max-w-md"
          >
            <option value="">Any question</option>
            {filterable.map((each) => (
              <option key={each._id} value={each._id}>
                {each.text}
              </option>
            ))}
          </SelectField>
          {question && <AnswerControl question={question} value={shown.answer} onChange={(answer) => choose({ answer })} />}
        </>
      )}
      {on && (
        <Button
          variant="neutral"
          size="sm"
          className="mb-1.5"
          onClick={() => {
            choose({ meets: false, question: '', answer: '' })
            // The button goes with the filters: the focus stays in them.
            meetsRef.current?.focus()
          }}
        >
          Clear filters
        </Button>
      )}
    </fieldset>
  )
}
