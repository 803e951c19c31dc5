import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { Button, type ButtonSize } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useCancelInterview } from '../api/interviews'
import type { Interview } from '../types'

type Props = {
  interview: Interview
  /** Called once the interview is cancelled (the page moves the focus to what it says now). */
  onCancelled?: () => void
  size?: ButtonSize
}

/** "Cancel interview", after asking: either side may cancel a proposal or a booking; both are told. */
export function CancelInterview({ interview, onCancelled, size }: Props) {
  const [asking, setAsking] = useState(false)
  const cancel = useCancelInterview(interview._id, { message: serverMessage('Could not cancel the interview') })

  const confirm = async () => {
    setAsking(false)
    try {
      const { message } = await cancel.mutateAsync(undefined)
      toast.success(message)
      onCancelled?.()
    } catch {
      // The mutation's toast says it; a 409 (cancelled or changed meanwhile): the interview is fetched again and shows how it stands.
    }
  }

  const text =
    interview.status === 'booked' && interview.startsAt
      ? `The interview on ${formatZonedDateTime(interview.startsAt)} will be cancelled for both sides, and taken off the calendars that imported its invitation.`
      : 'The times proposed will be withdrawn, and the other side told.'
  return (
    <>
      <Button variant="danger-outline" size={size} loading={cancel.isPending} onClick={() => setAsking(true)}>
        Cancel interview
      </Button>
      {asking && (
        <ConfirmationModal
          title="Cancel this interview?"
          text={text}
          confirmLabel="Cancel interview"
          cancelLabel="Keep it"
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
