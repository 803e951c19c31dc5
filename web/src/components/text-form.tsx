import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, type FormEvent, type RefObject } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { ApiError, errorMessage } from '@/lib/api-client'
import { z } from '@/lib/zod'
import { Button } from './ui/button'
import { TextAreaField } from './ui/textarea-field'

/** The server's rules for a text and its words: "Note is required", "Note must be at most 2000 characters". */
export const textSchema = (noun: string, max: number) =>
  z.object({
    body: z.string().check(z.trim(), z.minLength(1, `${noun} is required`), z.maxLength(max, `${noun} must be at most ${max} characters`)),
  })
type TextValues = { body: string }

type Props = {
  /** The field's label: "New note", "Your message". */
  label: string
  /** What the text is, in the rules' words: "Note", "Message". */
  noun: string
  max: number
  /** What follows the count in the hint: ", private to the hiring team."; "." */
  countSuffix: string
  /** A sentence said after the count, read with the field too: "Type @ and a teammate's name to tell them." */
  tip?: string
  submitLabel: string
  /**
   * Sends the text, trimmed; the answer's message is toasted and the field emptied. A failure is
   * toasted by `send` itself (a mutation's, lib/query-client), with `failure` when the server gave no words.
   */
  send: (body: string) => Promise<{ message: string }>
  /** What a 400 the server did not put in words says beside the field (as `send`'s toast does). */
  failure: string
  /** Whatever else a failure calls for (a 400's words are shown beside the field already). */
  onFailed?: (error: unknown) => void
  /** Ctrl+Enter (⌘+Enter on a Mac) sends too, as the hint says, and the focus stays in the field after sending. */
  keyboardSend?: boolean
  /** The field, for the caller to focus. */
  fieldRef?: RefObject<HTMLTextAreaElement | null>
  className?: string
  /** Where the button sits under the field. */
  buttonAlign?: 'start' | 'end'
}

/**
 * A text to send (a note, a message): a labelled box with a count of its characters (red past the
 * limit), checked with the server's rules before it goes; the answer's message in a toast (a
 * refusal's is send's own), and a 400's words beside the field.
 */
export function TextForm({
  label,
  noun,
  max,
  countSuffix,
  tip,
  submitLabel,
  send,
  failure,
  onFailed,
  keyboardSend = false,
  fieldRef,
  className = '',
  buttonAlign = 'start',
}: Props) {
  const schema = useMemo(() => textSchema(noun, max), [noun, max])
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TextValues>({ resolver: zodResolver(schema), defaultValues: { body: '' } })
  const length = useWatch({ control, name: 'body' }).length

  const onSubmit = async ({ body }: TextValues) => {
    try {
      const { message } = await send(body)
      toast.success(message)
      reset()
      if (keyboardSend) fieldRef?.current?.focus()
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setError('body', { message: errorMessage(error, failure) }, { shouldFocus: true })
      onFailed?.(error)
    }
  }
  // Made in the handlers: onSubmit reaches the field's ref, which render may not touch.
  const submit = (event?: FormEvent) => handleSubmit(onSubmit)(event)
  const { ref, ...field } = register('body')

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={`flex flex-col gap-3 ${className}`.trim()}>
      <TextAreaField
        label={label}
        rows={3}
        error={errors.body?.message}
        hint={
          <>
            <span className={length > max ? 'font-semibold text-red-700' : undefined}>
              {length} / {max} characters{countSuffix}
            </span>
            {tip && ` ${tip}`}
            {keyboardSend && ' Ctrl+Enter (⌘+Enter on a Mac) sends.'}
          </>
        }
        ref={(element) => {
          ref(element)
          if (fieldRef) fieldRef.current = element
        }}
        onKeyDown={
          keyboardSend
            ? (event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  if (!isSubmitting) void submit()
                }
              }
            : undefined
        }
        {...field}
      />
      <Button type="submit" className={buttonAlign === 'end' ? 'self-end' : 'self-start'} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  )
}
