import { forwardRef, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { inputClass } from '@/components/ui/form-field'
import { OTP_LENGTH } from '@/lib/constants'

type Props = { value: string[]; onChange: (value: string[]) => void; describedBy?: string }

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** What a screen may do with the boxes: put the cursor in the first one. */
export type OtpInputHandle = { focusFirst: () => void }

/**
 * docs/product.md#verify-email: six single-character boxes with paste, backspace and arrow keys;
 * the first box takes the focus when the boxes appear.
 */
export const OtpInput = forwardRef<OtpInputHandle, Props>(function OtpInput({ value, onChange, describedBy }, ref) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus()
  useImperativeHandle(ref, () => ({ focusFirst: () => focus(0) }))

  const setDigit = (index: number, digit: string) => {
    const next = [...value]
    next[index] = digit
    onChange(next)
  }

  const onInput = (index: number, typed: string) => {
    // A full box takes the newest character, so typing over a digit replaces it.
    const digit = digitsOf(typed).slice(-1)
    if (!digit) return
    setDigit(index, digit)
    focus(index + 1)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      if (value[index]) setDigit(index, '')
      else if (index > 0) {
        setDigit(index - 1, '')
        focus(index - 1)
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(index + 1)
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const digits = digitsOf(event.clipboardData.getData('text')).slice(0, OTP_LENGTH)
    if (!digits) return
    onChange(Array.from({ length: OTP_LENGTH }, (_, i) => digits[i] ?? ''))
    focus(digits.length === OTP_LENGTH ? OTP_LENGTH - 1 : digits.length)
  }

  return (
    <div role="group" aria-label="Verification code" aria-describedby={describedBy} className="flex justify-between gap-2">
      {Array.from({ length: OTP_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={index === 0}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          value={value[index] ?? ''}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          className={`${inputClass} h-12 w-12 text-center text-xl font-semibold`}
        />
      ))}
    </div>
  )
})
