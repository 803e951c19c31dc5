import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { localInputToRfc3339, timeZoneName } from '@/lib/time-zone'
import { z } from '@/lib/zod'
import { useRescheduleInterview } from '../api/interviews'
import { LOCATION_LONG, LOCATION_MAX, NEW_TIME_REQUIRED, checkTime, fieldOfRefusal } from '../rules'
import type { Interview } from '../types'

export const rescheduleSchema = z.object({
  startsAt: z.string().check(
    z.superRefine((value, ctx) => {
      if (!value.trim()) {
        ctx.addIssue({ code: 'custom', message: NEW_TIME_REQUIRED, input: value })
        return
      }
      const checked = checkTime(value, Date.now())
      if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error, input: value })
    }),
  ),
  location: z.string().check(z.trim(), z.maxLength(LOCATION_MAX, LOCATION_LONG)),
})
type RescheduleValues = z.infer<typeof rescheduleSchema>

type Props = { interview: Interview; onDone: () => void; onCancel: () => void }

const NOT_RESCHEDULED = 'Could not reschedule the interview'

/** A booked interview's new time, and a new place when it changes; both sides get the calendar update. */
export function RescheduleInterview({ interview, onDone, onCancel }: Props) {
  const reschedule = useRescheduleInterview(interview._id, { message: serverMessage(NOT_RESCHEDULED) })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RescheduleValues>({ resolver: zodResolver(rescheduleSchema), defaultValues: { startsAt: '', location: '' } })

  const onSubmit = async ({ startsAt, location }: RescheduleValues) => {
    try {
      // Checked by the schema: the time reads as one.
      const { message } = await reschedule.mutateAsync({ startsAt: localInputToRfc3339(startsAt)!, location: location || undefined })
      toast.success(message)
      onDone()
    } catch (error) {
      // The mutation's toast says it; a refusal of a field's value shows at the field too.
      const message = errorMessage(error, NOT_RESCHEDULED)
      const field = error instanceof ApiError && error.status === 400 ? fieldOfRefusal(message) : null
      if (field === 'slots') setError('startsAt', { message }, { shouldFocus: true })
      else if (field === 'location') setError('location', { message }, { shouldFocus: true })
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-3 rounded-md border border-gray-200 bg-gray-50 p-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold text-gray-900">Reschedule</legend>
        {/* The input's own label says the zone, so it is read with it. */}
        <FormField label={`New time (${timeZoneName()})`} type="datetime-local" autoFocus aria-required error={errors.startsAt?.message} {...register('startsAt')} />
        <FormField
          label="New place or video link (optional)"
          error={errors.location?.message}
          {...register('location')}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Save new time
        </Button>
        <Button variant="neutral" onClick={onCancel}>
          Keep the time
        </Button>
      </div>
    </form>
  )
}
