import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextAreaField } from '@/components/ui/textarea-field'
import { ApiError, errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { REASON_MAX, reasonSchema, type ReasonValues } from '../schemas'

type Props = {
  title: string
  /** What the action does, read with the dialog. */
  text: string
  confirmLabel: string
  /** Sends the reason; a refusal is shown in the dialog, which stays open. */
  onSubmit: (reason: string) => Promise<void>
  onClose: () => void
}

/**
 * An action that needs a reason (hiding a job, suspending an account or a company): the reason is
 * required and at most 500 characters, with the server's words. The server's refusal of the reason is
 * shown beside it, any other refusal (the job was hidden meanwhile) above the buttons.
 */
export function ReasonDialog({ title, text, confirmLabel, onSubmit, onClose }: Props) {
  const textId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } })
  const length = [...useWatch({ control, name: 'reason' })].length

  const submit = async ({ reason }: ReasonValues) => {
    setRefusal(null)
    try {
      await onSubmit(reason)
    } catch (error) {
      const message = errorMessage(error, FALLBACK_MESSAGE)
      if (error instanceof ApiError && error.status === 400) setError('reason', { message }, { shouldFocus: true })
      else setRefusal(message)
    }
  }

  return (
    <Modal title={title} onClose={onClose} descriptionId={textId}>
      <p id={textId} className="mt-2 text-gray-700">
        {text}
      </p>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 flex flex-col gap-4">
        <TextAreaField label="Reason" rows={4} error={errors.reason?.message} hint={`${length} of ${REASON_MAX} characters`} {...register('reason')} />
        <div role="alert">{refusal && <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-strong">{refusal}</p>}</div>
        <div className="flex justify-end gap-3">
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {confirmLabel}
          </Button>
          <Button variant="neutral" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  )
}
