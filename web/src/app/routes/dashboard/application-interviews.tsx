import { Link, useParams } from 'react-router'
import { useApplications } from '@/features/applications/api/get-applications'
import { applicantName } from '@/features/applications/applicant-name'
import { ApplicationInterviews } from '@/features/interviews/components/application-interviews'
import { useSession } from '@/lib/auth'

/**
 * docs/rules.md#interviews: an application's interviews. Its recruiter proposes, reschedules and
 * cancels here (the link of their e-mails); its applicant sees them, each leading to its booking page.
 */
export default function ApplicationInterviewsPage() {
  const { applicationId = '' } = useParams()
  const { accountType } = useSession()
  const asRecruiter = accountType === 'Recruiter'
  // The application says whose and for what; the interviews below say a failure.
  const { data } = useApplications({ enabled: accountType !== 'Admin' })
  const application = data?.find((each) => each._id === applicationId)
  const about = application
    ? asRecruiter
      ? `${applicantName(application)} for ${application.jobDetails.title}`
      : `${application.jobDetails.title} at ${application.recruitersDetails.company || application.jobDetails.company}`
    : null
  const back = asRecruiter
    ? application && { to: `/dashboard/job/applications/${encodeURIComponent(application.jobId)}`, label: `Back to the applications for ${application.jobDetails.title}` }
    : { to: '/dashboard/my-applications', label: 'Back to My Applications' }
  return (
    <section>
      <title>Interviews | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Interviews</h1>
      {about && <p className="mt-2 text-lg text-gray-700">{about}</p>}
      {back && (
        <p className="mt-2">
          <Link to={back.to} className="font-medium text-blue-800 underline hover:text-blue-900">
            {back.label}
          </Link>
        </p>
      )}
      <ApplicationInterviews key={applicationId} applicationId={applicationId} asRecruiter={asRecruiter} />
    </section>
  )
}
