import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { FileDropZone } from '@/components/ui/file-drop-zone'
import { serverMessage } from '@/lib/query-client'
import { useUploadResume } from '../api/upload-resume'
import { isPdf, NOT_A_PDF, resumeSchema, type ResumeValues } from '../schemas'
import { Button } from '@/components/ui/button'

type Props = { hasResume: boolean; onUploaded: () => void }

/**
 * docs/product.md#resume-upload: no file, then a chosen PDF (its name and Cancel), then the upload
 * with its progress, then `onUploaded`. With a resume on file, "Remove and Upload New File" opens the
 * drop-zone; the new upload replaces the old file on the server.
 */
export function ResumeUpload({ hasResume, onUploaded }: Props) {
  const progressId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [replacing, setReplacing] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const { mutateAsync } = useUploadResume({ message: serverMessage('Failed to upload resume') })
  const {
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResumeValues>({ resolver: zodResolver(resumeSchema), defaultValues: { resume: null } })
  const file = useWatch({ control, name: 'resume' })

  useEffect(() => {
    if (replacing) inputRef.current?.focus()
  }, [replacing])

  const choose = ([first]: File[]) => {
    if (!isPdf(first)) {
      setValue('resume', null)
      setError('resume', { message: NOT_A_PDF })
      return
    }
    clearErrors('resume')
    setValue('resume', first)
  }

  const cancel = () => {
    setValue('resume', null)
    clearErrors('resume')
    inputRef.current?.focus()
  }

  const upload = async ({ resume }: ResumeValues) => {
    if (!resume) return
    setProgress(0)
    try {
      await mutateAsync({ file: resume, onProgress: setProgress })
      toast.success('Resume uploaded successfully')
      onUploaded()
    } catch {
      // The mutation's toast says it.
      setProgress(null)
    }
  }

  if (hasResume && !replacing) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <p className="text-gray-800">Your resume is uploaded.</p>
        <Button variant="secondary" onClick={() => setReplacing(true)}>
          Remove and Upload New File
        </Button>
      </div>
    )
  }

  const percent = progress === null ? 0 : Math.round(progress * 100)
  return (
    <form noValidate onSubmit={handleSubmit(upload)} className="mt-4 flex flex-col gap-4">
      <FileDropZone
        ref={inputRef}
        label="Resume drop zone"
        browseLabel="Browse"
        hint="PDF only (.pdf)"
        accept="application/pdf,.pdf"
        disabled={isSubmitting}
        error={errors.resume?.message}
        onFiles={choose}
      />
      {file && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-gray-100 px-4 py-3">
          <p className="break-all text-gray-900">
            Selected file: <span className="font-semibold">{file.name}</span>
          </p>
          {!isSubmitting && (
            <Button variant="neutral" size="sm" onClick={cancel}>
              Cancel
            </Button>
          )}
        </div>
      )}
      {progress !== null && (
        <div className="flex items-center gap-3">
          <label htmlFor={progressId} className="font-medium text-gray-900">
            Upload progress
          </label>
          <progress id={progressId} max={100} value={percent} className="h-3 flex-1 accent-blue-700">
            {`${percent}%`}
          </progress>
          <span aria-hidden="true" className="w-12 text-right text-gray-800">{`${percent}%`}</span>
        </div>
      )}
      <Button type="submit" loading={isSubmitting} className="self-end">
        Upload
      </Button>
    </form>
  )
}
