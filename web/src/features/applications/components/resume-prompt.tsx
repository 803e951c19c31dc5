import { useId } from 'react'
import { Link } from 'react-router'
import { resumeSettingsFor } from '../resume-link'

/**
 * On a job page, for an applicant with no resume on their profile yet (a new account arriving from
 * "Log in to apply"): complete the profile first, on Settings, and come back to this job.
 */
export function ResumePrompt({ jobId }: { jobId: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-900">
      <h2 id={headingId} className="font-semibold">
        Complete your profile
      </h2>
      <p className="mt-1">
        Add your resume before you apply, so the recruiter sees more than your statement.{' '}
        <Link to={resumeSettingsFor(jobId)} className="font-semibold text-blue-800 underline hover:text-blue-900">
          Upload a resume
        </Link>{' '}
        and you come back to this job.
      </p>
    </section>
  )
}
