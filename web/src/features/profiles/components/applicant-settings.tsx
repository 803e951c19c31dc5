import { Spinner } from '@/components/ui/spinner'
import { useApplicantDetails } from '../api/get-applicant-details'
import type { ProfileUpdateResponse } from '../types'
import { ApplicantProfileForm } from './applicant-profile-form'
import { ResumeUpload } from './resume-upload'
import type { Names } from './use-save-profile'
import { Panel } from '@/components/ui/panel'

type Props = {
  names: Names
  onSaved: (response: ProfileUpdateResponse) => void
  onResumeUploaded: () => void
}

/** An applicant's Settings: the profile form, then the resume. */
export function ApplicantSettings({ names, onSaved, onResumeUploaded }: Props) {
  const { data, isPending } = useApplicantDetails()
  if (isPending) return <Spinner label="Loading profile..." />
  if (!data) return null
  return (
    <>
      <Panel title="Profile Information">
        <ApplicantProfileForm details={data} names={names} onSaved={onSaved} />
      </Panel>
      <Panel title="Resume">
        <ResumeUpload hasResume={data.resume !== ''} onUploaded={onResumeUploaded} />
      </Panel>
    </>
  )
}
