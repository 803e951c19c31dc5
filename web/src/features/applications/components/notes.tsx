import { useId } from 'react'
import { TextForm } from '@/components/text-form'
import { Spinner } from '@/components/ui/spinner'
import { serverMessage } from '@/lib/query-client'
import { formatZonedDateTime } from '@/lib/time-zone'
import { useAddNote, useNotes } from '../api/pipeline-mutations'

/** The server's limit (docs/rules.md#stages). */
export const NOTE_MAX = 2000

const NOT_ADDED = 'Could not add the note'

/** How a note tells a teammate who works the job (`@First` or `@First Last`), in the bell and by e-mail. */
const MENTION_TIP = "Type @ and a teammate's name to tell them."

function AddNote({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const add = useAddNote(jobId, applicationId, { message: serverMessage(NOT_ADDED) })
  return (
    <TextForm
      className="mt-3"
      label="New note"
      noun="Note"
      max={NOTE_MAX}
      countSuffix=", private to the hiring team."
      tip={MENTION_TIP}
      submitLabel="Add note"
      send={add.mutateAsync}
      failure={NOT_ADDED}
    />
  )
}

/**
 * The hiring team's private notes on an application, newest first, each with its author and time,
 * and a form to add one. A note is plain text and shown as such (never read as HTML); an `@Name`
 * in it tells that teammate, and reads as the words it is.
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
                {note.author}, <time dateTime={note.createdAt}>{formatZonedDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
