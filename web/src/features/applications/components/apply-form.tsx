import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { TextAreaField } from '@/components/ui/textarea-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useApply } from '../api/application-mutations'
import { asksLine } from '@/lib/questions'
import { answersToSend, applySchema, type ApplyValues } from '../apply-answers'
import type { Question } from '../screening'
import { countWords, DEFAULT_SOP, SOP_MAX_WORDS } from '../sop'
import { resumeSettingsFor } from '../resume-link'
import type { ResumeToSend } from './apply-button'
import { QuestionField } from './question-field'
import { Button } from '@/components/ui/button'

const FAILED = 'Job application failed'

/** A refusal of what the form sent (a 400: an answer, the statement, the job's limit): the form says it, not a toast. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 400

const linkClass = 'font-semibold text-blue-800 underline hover:text-blue-900'

/** Which resume goes with the application, or a warning (with the way to upload one) that none will. */
function ResumeLine({ jobId, resume }: { jobId: string; resume?: ResumeToSend }) {
  // Settings, and back to this job once the resume is there.
  const settings = resumeSettingsFor(jobId)
  if (resume === undefined) return null
  if (resume === null) {
    return (
      <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-900">
        You have not uploaded a resume, so the recruiter will see only your statement.{' '}
        <Link to={settings} className={linkClass}>
          Upload a resume
        </Link>
      </p>
    )
  }
  return (
    <p className="text-gray-800">
      Your resume:{' '}
      <a href={resume.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {resume.name}
      </a>{' '}
      (
      <Link to={settings} className={linkClass} aria-label="Change your resume">
        change
      </Link>
      )
    </p>
  )
}

/**
 * The statement of purpose, the answers to the job's screening questions (docs/rules.md#screening;
 * never what the recruiter wants of them) and their submission, loaded when the applicant opens the dialog.
 */
export default function ApplyForm({
  jobId,
  jobTitle,
  questions = [],
  resume,
  onDone,
}: {
  jobId: string
  jobTitle: string
  questions?: Question[]
  resume?: ResumeToSend
  onDone: (applied: boolean) => void
}) {
  const asksId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const apply = useApply(jobId, { message: (error) => (isRefusal(error) ? null : errorMessage(error, FAILED)) })
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ApplyValues>({
    resolver: zodResolver(applySchema(questions)),
    defaultValues: { sop: DEFAULT_SOP, answers: questions.map(() => '') },
  })
  // The dialog focused itself while this form loaded; the statement is where the applicant starts.
  useEffect(() => setFocus('sop'), [setFocus])
  const words = countWords(useWatch({ control, name: 'sop' }))

  const onSubmit = async ({ sop, answers }: ApplyValues) => {
    setRefusal(null)
    try {
      await apply.mutateAsync({ sop, answers: answersToSend(questions, answers) })
      toast.success('Job Applied Successfully')
      onDone(true)
    } catch (error) {
      if (isRefusal(error)) setRefusal(errorMessage(error, FAILED))
      // Otherwise the mutation's toast says it. Applied before (on another device, say): the button says so from now on.
      if (error instanceof ApiError && error.status === 409) onDone(true)
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
      {questions.length > 0 && (
        <p id={asksId} className="font-semibold text-gray-900">
          {asksLine(questions.length)}
        </p>
      )}
      <p className="text-gray-700">Tell the recruiter why you are a good fit for {jobTitle}. Keep the sentence below or write your own.</p>
      <TextAreaField
        label="Statement of Purpose"
        rows={7}
        error={errors.sop?.message}
        hint={
          <span className={words > SOP_MAX_WORDS ? 'font-semibold text-red-700' : undefined}>
            {words} / {SOP_MAX_WORDS} words
          </span>
        }
        {...register('sop')}
      />
      {questions.length > 0 && (
        <ol aria-labelledby={asksId} className="flex flex-col gap-4">
          {questions.map((question, index) => (
            <li key={question._id}>
              <QuestionField question={question} index={index} control={control} register={register} error={errors.answers?.[index]?.message} />
            </li>
          ))}
        </ol>
      )}
      <ResumeLine jobId={jobId} resume={resume} />
      <div>
        <div role="alert">{refusal && <p className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-800">{refusal}</p>}</div>
        <div className="flex justify-end gap-3">
          <Button type="submit" size="lg" loading={isSubmitting}>
            Submit Application
          </Button>
          <Button variant="neutral" size="lg" onClick={() => onDone(false)}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  )
}
