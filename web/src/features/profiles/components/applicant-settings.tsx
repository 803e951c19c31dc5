import { Spinner } from '@/components/ui/spinner'
import { useApplicantDetails } from '../api/get-applicant-details'
import type { ProfileUpdateResponse } from '../types'
import { ApplicantProfileForm } from './applicant-profile-form'
import { useLoadErrorToast } from './load-error'
import { ResumeUpload } from './resume-upload'
import type { Names } from './use-save-profile'

type Props = {
  token: string | null
  names: Names
  onSaved: (response: ProfileUpdateResponse) => void
  onResumeUploaded: () => void
}

/** An applicant's Settings: the profile form, then the resume. */
export function ApplicantSettings({ token, names, onSaved, onResumeUploaded }: Props) {
  const { data, error, isPending } = useApplicantDetails(token)
  useLoadErrorToast(error)
  if (isPending) return <Spinner label="Loading profile..." />
  if (!data) return null
  return (
    <>
      <section aria-labelledby="profile-heading" className="mt-8 rounded-lg border border-gray-200 p-6">
        <h2 id="profile-heading" className="text-xl font-semibold text-gray-900">
          Profile Information
        </h2>
        <ApplicantProfileForm details={data} names={names} onSaved={onSaved} />
      </section>
      <section aria-labelledby="resume-heading" className="mt-8 rounded-lg border border-gray-200 p-6">
        <h2 id="resume-heading" className="text-xl font-semibold text-gray-900">
          Resume
        </h2>
        <ResumeUpload hasResume={data.resume !== ''} onUploaded={onResumeUploaded} />
      </section>
    </>
  )
}
