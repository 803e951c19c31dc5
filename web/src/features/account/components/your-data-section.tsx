import { useMutation } from '@tanstack/react-query'
import { Button, buttonClasses } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { serverMessage } from '@/lib/query-client'
import { saveFile } from '@/lib/save-file'
import { EXPORT_FILE_NAME, exportMyData } from '../api/account'

/** An applicant's resume on file: its address (the one the profile gives) and its name. */
export type ResumeFile = { url: string; name: string }

/**
 * Settings' "Your data" (docs/product.md#your-data): what the site holds about the person,
 * downloaded as one JSON file with their token, and an applicant's resume as it is on file.
 */
export function YourDataSection({ resume }: { resume?: ResumeFile | null }) {
  const download = useMutation({
    mutationFn: exportMyData,
    onSuccess: (blob) => saveFile(blob, EXPORT_FILE_NAME),
    meta: { errorToast: { message: serverMessage('Could not download your data') } },
  })
  return (
    <Panel title="Your data">
      <p className="mt-2 text-gray-700">
        Download a copy of what jobportal holds about you: your account, profile, applications, saved jobs and searches, the jobs
        you posted, your messages and your notifications, in one JSON file ({EXPORT_FILE_NAME}).
        {resume ? ' Your resume is a file of its own.' : ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          Download my data
        </Button>
        {resume && (
          <a href={resume.url} download={resume.name} className={buttonClasses({ variant: 'secondary' })}>
            Download my resume
          </a>
        )}
      </div>
    </Panel>
  )
}
