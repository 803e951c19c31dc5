import { useParams, useSearchParams } from 'react-router'
import { useJobApplications } from '@/features/applications/api/get-applications'
import { applicantName } from '@/features/applications/applicant-name'
import { ApplicationsOverview } from '@/features/applications/components/applications-overview'
import { JobApplicationsList } from '@/features/applications/components/job-applications-list'
import { StageBoard } from '@/features/applications/components/stage-board'
import { ViewToggle } from '@/features/applications/components/view-toggle'
import { HiringTeamPanel } from '@/features/companies/components/hiring-team-panel'
import { useJob } from '@/features/jobs/api/get-job'
import { ConversationDialog } from '@/features/messages/components/conversation-dialog'
import { useConversationParam } from '@/features/messages/conversation-param'

/** The conversation the address names (`?conversation=`), with the applicant of one of the job's applications. */
function Conversation({ jobId, applicationId, onClose }: { jobId: string; applicationId: string; onClose: () => void }) {
  // The board or the list says a failure; the title does without the name then.
  const { data } = useJobApplications(jobId, false)
  const application = data?.find((each) => each._id === applicationId)
  const name = application ? applicantName(application) : null
  return <ConversationDialog applicationId={applicationId} title={name ? `Messages with ${name}` : 'Messages'} onClose={onClose} />
}

export default function JobApplicationsPage() {
  const { jobId = '' } = useParams()
  // The job's title is a caption: the list below says a failure.
  const { data: job } = useJob(jobId, false)
  // The board unless the address asks for the list (`?view=list`), so a reload keeps the view.
  const [params, setParams] = useSearchParams()
  const view = params.get('view') === 'list' ? 'list' : 'board'
  const [conversation, setConversation] = useConversationParam()
  const openConversation = (application: { _id: string }) => setConversation(application._id)
  return (
    <section>
      <title>Applications for Selected Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications for Selected Job</h1>
      {/* Its line is kept while the job loads, so the board does not move under a drag. */}
      <p className="mt-2 min-h-7 text-lg text-gray-700">{job && `${job.title} at ${job.company}`}</p>
      <ViewToggle
        view={view}
        onChange={(next) =>
          setParams(
            (current) => {
              const changed = new URLSearchParams(current)
              if (next === 'list') changed.set('view', 'list')
              else changed.delete('view')
              return changed
            },
            { replace: true },
          )
        }
      />
      {view === 'board' ? <StageBoard jobId={jobId} onMessages={openConversation} /> : <JobApplicationsList jobId={jobId} onMessages={openConversation} />}
      {/* The board is the recruiter's working screen, so it comes first; the figures follow it. */}
      <ApplicationsOverview jobId={jobId} />
      {/* Who works the job: chosen now and then, so it comes after the work itself. */}
      <HiringTeamPanel jobId={jobId} />
      {conversation && <Conversation key={conversation} jobId={jobId} applicationId={conversation} onClose={() => setConversation(null)} />}
    </section>
  )
}
