import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link } from 'react-router'
import { TextAreaField } from '@/components/ui/textarea-field'
import { ApiError } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { useApply } from '../api/application-mutations'
import { countWords, DEFAULT_SOP, SOP_MAX_WORDS, sopSchema, type SopValues } from '../sop'
import { resumeSettingsFor } from '../resume-link'
import type { ResumeToSend } from './apply-button'
import { Button } from '@/components/ui/button'

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

/** The statement of purpose and its submission, loaded when the applicant opens the dialog. */
export default function ApplyForm({
  jobId,
  jobTitle,
  resume,
  onDone,
}: {
  jobId: string
  jobTitle: string
  resume?: ResumeToSend
  onDone: (applied: boolean) => void
}) {
  const apply = useApply(jobId, { message: serverMessage('Job application failed') })
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SopValues>({ resolver: zodResolver(sopSchema), defaultValues: { sop: DEFAULT_SOP } })
  // The dialog focused itself while this form loaded; the statement is where the applicant starts.
  useEffect(() => setFocus('sop'), [setFocus])
  const words = countWords(useWatch({ control, name: 'sop' }))

  const onSubmit = async ({ sop }: SopValues) => {
    try {
      await apply.mutateAsync(sop)
      toast.success('Job Applied Successfully')
      onDone(true)
    } catch (error) {
      // The mutation's toast says it. Applied before (on another device, say): the button says so from now on.
      if (error instanceof ApiError && error.status === 409) onDone(true)
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
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
      <ResumeLine jobId={jobId} resume={resume} />
      <div className="flex justify-end gap-3">
        <Button type="submit" size="lg" loading={isSubmitting}>
          Submit Application
        </Button>
        <Button variant="neutral" size="lg" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
