import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { localInputToRfc3339, timeZoneName } from '@/lib/time-zone'
import { z } from '@/lib/zod'
import { useProposeInterview } from '../api/interviews'
import {
  DURATION,
  DURATION_DEFAULT,
  DURATION_MAX,
  DURATION_MIN,
  LOCATION_LONG,
  LOCATION_MAX,
  LOCATION_REQUIRED,
  SLOTS_COUNT,
  SLOTS_MAX,
  SLOTS_OVERLAP,
  checkTime,
  fieldOfRefusal,
  parseDuration,
} from '../rules'
import type { Interview } from '../types'

/**
 * The proposal as typed: one to three datetime-local values (the first required, a blank later one
 * left out), the duration in minutes and the place or video link; checked with the server's words.
 */
export const proposeSchema = z
  .object({
    slots: z.array(z.object({ value: z.string() })),
    durationMinutes: z.string().check(z.refine((text) => parseDuration(text) !== null, DURATION)),
    location: z.string().check(z.trim(), z.minLength(1, LOCATION_REQUIRED), z.maxLength(LOCATION_MAX, LOCATION_LONG)),
  })
  .check(
    z.superRefine(({ slots, durationMinutes }, ctx) => {
      const now = Date.now()
      const times: { index: number; at: number }[] = []
      slots.forEach(({ value }, index) => {
        if (!value.trim()) {
          if (index === 0) ctx.addIssue({ code: 'custom', message: SLOTS_COUNT, path: ['slots', index, 'value'] })
          return
        }
        const checked = checkTime(value, now)
        if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error, path: ['slots', index, 'value'] })
        else times.push({ index, at: checked.at })
      })
      const duration = parseDuration(durationMinutes)
      if (duration === null) return
      // The later time of two closer than the duration is the one to move.
      const sorted = [...times].sort((a, b) => a.at - b.at)
      const overlapping = new Set<number>()
      sorted.forEach((time, position) => {
        const previous = sorted[position - 1]
        if (previous && time.at - previous.at < duration * 60_000) overlapping.add(Math.max(time.index, previous.index))
      })
      for (const index of overlapping) ctx.addIssue({ code: 'custom', message: SLOTS_OVERLAP, path: ['slots', index, 'value'] })
    }),
  )
type ProposeValues = z.infer<typeof proposeSchema>

const ORDINALS = ['First', 'Second', 'Third']

const NOT_PROPOSED = 'Could not propose the interview'

/** The recruiter's proposal: up to three times, how long and where; the applicant is e-mailed a link per time. */
export function ProposeInterview({ applicationId, onProposed }: { applicationId: string; onProposed: (interview: Interview) => void }) {
  const hintId = useId()
  const propose = useProposeInterview(applicationId, { message: serverMessage(NOT_PROPOSED) })
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProposeValues>({
    resolver: zodResolver(proposeSchema),
    defaultValues: { slots: [{ value: '' }], durationMinutes: String(DURATION_DEFAULT), location: '' },
  })
  const { fields, append, remove } = useFieldArray({ control, name: 'slots' })

  const onSubmit = async ({ slots, durationMinutes, location }: ProposeValues) => {
    // Checked by the schema: each time given reads as one.
    const times = slots.flatMap(({ value }) => (value.trim() ? [localInputToRfc3339(value)!] : []))
    try {
      const { message, data } = await propose.mutateAsync({ slots: times, durationMinutes: parseDuration(durationMinutes)!, location })
      toast.success(message)
      reset()
      onProposed(data)
    } catch (error) {
      const message = errorMessage(error, NOT_PROPOSED)
      // The mutation's toast says it; a refusal of a field's value shows at the field too (a 409 is about the application: the list is fetched again).
      const field = error instanceof ApiError && error.status === 400 ? fieldOfRefusal(message) : null
      if (field === 'slots') setError('slots.0.value', { message }, { shouldFocus: true })
      else if (field) setError(field, { message }, { shouldFocus: true })
    }
  }

  const removeTime = (index: number) => {
    remove(index)
    // The focus goes to the time before the one removed.
    requestAnimationFrame(() => setFocus(`slots.${index - 1}.value`))
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
      <fieldset aria-describedby={hintId} className="flex flex-col gap-3">
        <legend className="font-semibold text-gray-900">Times to offer</legend>
        <p id={hintId} className="text-sm text-gray-700">
          One to three times, in your time zone ({timeZoneName()}); the applicant picks one. The first is required.
        </p>
        {fields.map((field, index) => (
          <div key={field.id} className="flex flex-wrap items-end gap-2">
            <FormField
              label={`${ORDINALS[index]} time`}
              type="datetime-local"
              className="min-w-56 flex-1"
              aria-required={index === 0 ? true : undefined}
              error={errors.slots?.[index]?.value?.message}
              {...register(`slots.${index}.value`)}
            />
            {index > 0 && (
              <Button variant="neutral" size="sm" className="mb-1" aria-label={`Remove the ${ORDINALS[index].toLowerCase()} time`} onClick={() => removeTime(index)}>
                Remove
              </Button>
            )}
          </div>
        ))}
        {fields.length < SLOTS_MAX && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => append({ value: '' })}>
            Add another time
          </Button>
        )}
      </fieldset>
      <FormField
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        min={DURATION_MIN}
        max={DURATION_MAX}
        step={5}
        className="max-w-xs"
        error={errors.durationMinutes?.message}
        {...register('durationMinutes')}
      />
      <FormField label="Place or video link" error={errors.location?.message} {...register('location')} />
      <Button type="submit" className="self-start" loading={isSubmitting}>
        Propose interview
      </Button>
    </form>
  )
}
