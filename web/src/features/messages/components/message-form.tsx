import { zodResolver } from '@hookform/resolvers/zod'
import type { FormEvent, RefObject } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { TextAreaField } from '@/components/ui/textarea-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import { z } from '@/lib/zod'
import { conversationQueryOptions, useSendMessage } from '../api/messages'

export const MESSAGE_MAX = 5000

/** The server's rules and words (docs/rules.md#messages). */
export const messageSchema = z.object({
  body: z.string().check(z.trim(), z.minLength(1, 'Message is required'), z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`)),
})
type MessageValues = z.infer<typeof messageSchema>

/** The box to write in: Send, or Ctrl+Enter (⌘+Enter on a Mac). The focus stays in it after sending. */
export function MessageForm({ applicationId, fieldRef }: { applicationId: string; fieldRef: RefObject<HTMLTextAreaElement | null> }) {
  const queryClient = useQueryClient()
  const send = useSendMessage(applicationId)
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MessageValues>({ resolver: zodResolver(messageSchema), defaultValues: { body: '' } })
  const length = useWatch({ control, name: 'body' }).length

  const onSubmit = async ({ body }: MessageValues) => {
    try {
      const { message } = await send.mutateAsync(body)
      toast.success(message)
      reset()
      fieldRef.current?.focus()
    } catch (error) {
      const message = errorMessage(error, 'Could not send the message')
      toast.error(message)
      if (error instanceof ApiError && error.status === 400) setError('body', { message }, { shouldFocus: true })
      // A job deleted meanwhile: the conversation, fetched again, says it is read-only now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: conversationQueryOptions(applicationId).queryKey })
    }
  }
  // Made in the handlers: onSubmit reaches the field's ref, which render may not touch.
  const submit = (event?: FormEvent) => handleSubmit(onSubmit)(event)
  const { ref, ...field } = register('body')

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextAreaField
        label="Your message"
        rows={3}
        error={errors.body?.message}
        hint={
          <>
            <span className={length > MESSAGE_MAX ? 'font-semibold text-red-700' : undefined}>
              {length} / {MESSAGE_MAX} characters.
            </span>{' '}
            Ctrl+Enter (⌘+Enter on a Mac) sends.
          </>
        }
        ref={(element) => {
          ref(element)
          fieldRef.current = element
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            if (!isSubmitting) void submit()
          }
        }}
        {...field}
      />
      <Button type="submit" className="self-end" loading={isSubmitting}>
        Send
      </Button>
    </form>
  )
}
