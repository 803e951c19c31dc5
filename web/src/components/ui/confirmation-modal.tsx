import { useId, useRef } from 'react'
import { Modal } from './modal'

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
        <button type="button" onClick={onConfirm} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          className="rounded-md border border-gray-500 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-100"
        >
          {cancelLabel}
        </button>
      </div>
    </Modal>
  )
}
