import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { TextAreaField } from '@/components/ui/textarea-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { z } from '@/lib/zod'
import { useAddNote, useNotes } from '../api/pipeline-mutations'

export const NOTE_MAX = 2000

/** The server's rules and words (docs/rules.md#stages). */
export const noteSchema = z.object({
  body: z.string().check(z.trim(), z.minLength(1, 'Note is required'), z.maxLength(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)),
})
type NoteValues = z.infer<typeof noteSchema>

function AddNote({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const add = useAddNote(jobId, applicationId)
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NoteValues>({ resolver: zodResolver(noteSchema), defaultValues: { body: '' } })
  const length = useWatch({ control, name: 'body' }).length

  const onSubmit = async ({ body }: NoteValues) => {
    try {
      const { message } = await add.mutateAsync(body)
      toast.success(message)
      reset()
    } catch (error) {
      const message = errorMessage(error, 'Could not add the note')
      toast.error(message)
      if (error instanceof ApiError && error.status === 400) setError('body', { message }, { shouldFocus: true })
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-3 flex flex-col gap-3">
      <TextAreaField
        label="New note"
        rows={3}
        error={errors.body?.message}
        hint={
          <span className={length > NOTE_MAX ? 'font-semibold text-red-700' : undefined}>
            {length} / {NOTE_MAX} characters, private to you
          </span>
        }
        {...register('body')}
      />
      <Button type="submit" className="self-start" loading={isSubmitting}>
        Add note
      </Button>
    </form>
  )
}

/**
 * The recruiter's private notes on an application, newest first, each with its author and time, and
 * a form to add one. A note is plain text and shown as such (never read as HTML).
 */
export function Notes({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const headingId = useId()
  const { data, isPending, isError } = useNotes(applicationId)
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="font-semibold text-gray-900">
        Notes
      </h3>
      <AddNote jobId={jobId} applicationId={applicationId} />
      {isError ? (
        <p className="mt-3 text-gray-800">Could not load the notes.</p>
      ) : isPending ? (
        <Spinner label="Loading notes..." />
      ) : data.length === 0 ? (
        <p className="mt-3 text-gray-700">No notes yet.</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-3 flex flex-col gap-3">
          {data.map((note) => (
            <li key={note._id} className="rounded-md border border-gray-200 bg-gray-50 p-3">
              <p className="break-words whitespace-pre-wrap text-gray-900">{note.body}</p>
              <p className="mt-1 text-sm text-gray-700">
                {note.author}, <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
