import { useEffect, useId, useRef, type ReactNode } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from './button'
import { inputClass } from './form-field'

/** The warning beside a secret the server shows once (docs/product.md#api-tokens-settings, #webhooks-settings). */
export const COPY_NOW = 'Copy it now: it will not be shown again'

/** A secret as the server gave it once, and the name of the field that shows it ("Token for Careers page sync"). */
export type ShownSecret = { label: string; secret: string }

type Props = {
  /** The secret to show, or null while there is none. */
  shown: ShownSecret | null
  /** The toast once Copy has put it on the clipboard ("Token copied"). */
  copied: string
  /** The toast when the clipboard refused it; the secret is then selected for the person to copy. */
  notCopied: string
  /** Done: the secret is put away for good; the caller says where the focus goes. */
  onDone: () => void
  /** What stands in the secret's place while none is shown (the form that makes one), if anything. */
  children?: ReactNode
}

/** The secret in a read-only field that takes the focus (its text selected), described by the warning, with Copy and Done. */
function SecretField({ shown, warningId, copied, notCopied, onDone }: Omit<Props, 'shown' | 'children'> & { shown: ShownSecret; warningId: string }) {
  const fieldId = useId()
  const fieldRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    fieldRef.current?.focus()
    fieldRef.current?.select()
  }, [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.secret)
      toast.success(copied)
    } catch {
      // No clipboard here (or it was refused): the secret is selected for the person to copy.
      fieldRef.current?.focus()
      fieldRef.current?.select()
      toast.error(notCopied)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={fieldId} className="mb-1 block break-words font-medium text-gray-900">
          {shown.label}
        </label>
        <input
          ref={fieldRef}
          id={fieldId}
          type="text"
          readOnly
          value={shown.secret}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={warningId}
          className={`${inputClass} font-mono text-sm`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="neutral" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  )
}

/**
 * A secret the server gives only once (an API token, a webhook's signing secret): the warning
 * COPY_NOW in a live region that is there before the secret is, so screen readers say it as the
 * secret appears, then the secret itself with Copy and Done. While none is shown, `children` stand
 * in its place and the region waits, empty.
 */
export function OneTimeSecret({ shown, copied, notCopied, onDone, children }: Props) {
  const warningId = useId()
  return (
    <>
      <div role="status">
        {shown && (
          <p id={warningId} className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-gray-900">
            {COPY_NOW}
          </p>
        )}
      </div>
      {shown ? <SecretField shown={shown} warningId={warningId} copied={copied} notCopied={notCopied} onDone={onDone} /> : children}
    </>
  )
}
