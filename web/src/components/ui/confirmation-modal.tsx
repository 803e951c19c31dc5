import { useId, useRef } from 'react'
import { Modal } from './modal'
import { Button } from './button'

type Props = {
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A question in a modal dialog, opened with the focus on the safe answer; Escape or the backdrop cancels. */
export function ConfirmationModal({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const textId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal title={title} onClose={onCancel} descriptionId={textId} initialFocus={cancelRef} size="sm">
      <p id={textId} className="mt-2 text-gray-700">
        {text}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button ref={cancelRef} variant="neutral" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </Modal>
  )
}
