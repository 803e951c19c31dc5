import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextAreaField } from '@/components/ui/textarea-field'
import { z } from '@/lib/zod'

export const REASON_MAX = 1000

const reasonSchema = z.object({
  reason: z.string().check(z.trim(), z.maxLength(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`)),
})
type ReasonValues = z.infer<typeof reasonSchema>

/**
 * Before a card moves to Rejected: an optional reason, kept for the recruiter and never shown to the
 * applicant (docs/rules.md#stages). `onReject` gets it trimmed, or undefined when none was written.
 */
export function RejectDialog({ name, onReject, onCancel }: { name: string; onReject: (reason?: string) => void; onCancel: () => void }) {
  const textId = useId()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } })
  return (
    <Modal title={`Reject ${name}?`} onClose={onCancel} descriptionId={textId}>
      <p id={textId} className="mt-2 text-gray-700">
        {name} will be told by e-mail that they were not selected. A rejection is final.
      </p>
      <form noValidate onSubmit={handleSubmit(({ reason }) => onReject(reason || undefined))} className="mt-4 flex flex-col gap-4">
        <TextAreaField
          label="Reason (optional)"
          rows={4}
          hint={`Private to you: never shown to the applicant. At most ${REASON_MAX} characters.`}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex justify-end gap-3">
          <Button type="submit" variant="danger">
            Reject
          </Button>
          <Button variant="neutral" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  )
}
