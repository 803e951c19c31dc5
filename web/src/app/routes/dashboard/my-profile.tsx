import { ButtonLink } from '@/components/ui/button-link'
import { Avatar, fullName } from '@/features/auth/components/avatar'
import { ApplicantDetailsCard } from '@/features/profiles/components/applicant-details-card'
import { RecruiterDetailsCard } from '@/features/profiles/components/recruiter-details-card'
import { useSession } from '@/lib/auth'

export default function MyProfilePage() {
  const { user, accountType } = useSession()
  if (!user) return null
  return (
    <section>
      <title>My Profile | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">My Profile</h1>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-gray-200 p-6">
        <div className="flex items-center gap-4">
          <Avatar user={user} size={78} />
          <div>
            <p className="text-lg font-semibold text-gray-900">{fullName(user)}</p>
            <p className="text-gray-700">{user.email}</p>
          </div>
        </div>
        <ButtonLink to="/dashboard/settings">Edit</ButtonLink>
      </div>
      {accountType === 'Applicant' && <ApplicantDetailsCard />}
      {accountType === 'Recruiter' && <RecruiterDetailsCard />}
    </section>
  )
}
