import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PasswordField } from '@/components/ui/form-field'
import { DeleteAccountSection } from '@/features/account/components/delete-account'
import { BACK_TO_APPLY } from '@/features/applications/resume-link'
import { CalendarFeedSection } from '@/features/calendar-feed/components/calendar-feed-section'
import { YourDataSection } from '@/features/account/components/your-data-section'
import { useChangePassword } from '@/features/auth/api/auth-calls'
import { changePasswordSchema, type ChangePasswordValues } from '@/features/auth/schemas'
import { EmailSettingsSection } from '@/features/notifications/components/email-settings'
import { hasNotifications } from '@/features/notifications/kinds'
import { useApplicantDetails } from '@/features/profiles/api/get-applicant-details'
import { ApplicantSettings } from '@/features/profiles/components/applicant-settings'
import { RecruiterSettings } from '@/features/profiles/components/recruiter-settings'
import type { ProfileUpdateResponse } from '@/features/profiles/types'
import { hasPushSettings, PushSettingsSection } from '@/features/push/components/push-settings'
import { ApiTokensSection } from '@/features/tokens/components/api-tokens-section'
import { useSession, useSetUser } from '@/lib/auth'
import { NEXT_PARAM, safeNext } from '@/lib/next-page'
import { Panel } from '@/components/ui/panel'
import { Button } from '@/components/ui/button'

function ChangePasswordSection() {
  const changePassword = useChangePassword()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: { oldPassword: '', newPassword: '' } })

  const onSubmit = async (values: ChangePasswordValues) => {
    try {
      await changePassword.mutateAsync(values)
      toast.success('Password Changed Successfully')
      reset()
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <Panel title="Password">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField label="Current Password" autoComplete="current-password" error={errors.oldPassword?.message} {...register('oldPassword')} />
          <PasswordField label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        </div>
        <Button type="submit" loading={isSubmitting} className="self-end">
          Update
        </Button>
      </form>
    </Panel>
  )
}

export default function SettingsPage() {
  const { user, accountType } = useSession()
  const setUser = useSetUser()
  const navigate = useNavigate()
  // From a job page's "Upload a resume": the upload, a profile save and "Back to the job" all go back
  // to that job, its apply dialog open (docs/product.md#resume-upload).
  const [params] = useSearchParams()
  const next = safeNext(params.get(NEXT_PARAM))
  const backTo = accountType === 'Applicant' && next?.startsWith('/job/') ? next : null
  // An applicant's resume on file, as the profile gives it (the same query the resume upload reads).
  const { data: profile } = useApplicantDetails({ enabled: accountType === 'Applicant' })
  const resume = profile?.resume ? { url: profile.resume, name: profile.resumeName || 'resume.pdf' } : null
  if (!user) return null

  const names = { firstName: user.firstName, lastName: user.lastName }
  const onward = () => (backTo ? navigate(backTo, { state: BACK_TO_APPLY }) : navigate('/dashboard/my-profile'))
  // docs/product.md#profile-form: after a profile save the stored user is the server's, and the person
  // sees it on My Profile, unless the save was part of the detour from a job.
  const onSaved = ({ updatedUserDetails }: ProfileUpdateResponse) => {
    setUser(updatedUserDetails)
    onward()
  }

  return (
    <section>
      <title>Settings | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Settings</h1>
      {backTo && (
        <p className="mt-2 text-gray-700">
          Once your resume is uploaded or your profile saved, you go back to the job.{' '}
          <Link to={backTo} state={BACK_TO_APPLY} className="font-semibold text-blue-800 underline hover:text-blue-900">
            Back to the job
          </Link>
        </p>
      )}
      {accountType === 'Applicant' && <ApplicantSettings names={names} onSaved={onSaved} onResumeUploaded={onward} />}
      {accountType === 'Recruiter' && <RecruiterSettings names={names} onSaved={onSaved} />}
      {accountType && hasNotifications(accountType) && <EmailSettingsSection accountType={accountType} />}
      {accountType && hasPushSettings(accountType) && <PushSettingsSection accountType={accountType} />}
      <ChangePasswordSection />
      {accountType === 'Recruiter' && <ApiTokensSection />}
      {accountType === 'Recruiter' && <CalendarFeedSection />}
      <YourDataSection resume={resume} />
      {accountType && <DeleteAccountSection accountType={accountType} />}
    </section>
  )
}
