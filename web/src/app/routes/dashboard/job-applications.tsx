import { useParams } from 'react-router'
import { useJobApplications } from '@/features/applications/api/get-applications'
import { applicantName } from '@/features/applications/applicant-name'
import { ApplicantResults } from '@/features/applications/components/applicant-results'
import { ApplicantSearchBox } from '@/features/applications/components/applicant-search-box'
import { ApplicationsOverview } from '@/features/applications/components/applications-overview'
import { JobApplicationsList } from '@/features/applications/components/job-applications-list'
import { ScreeningFilterControls } from '@/features/applications/components/screening-filters'
import { StageFilter } from '@/features/applications/components/stage-filter'
import { StageBoard } from '@/features/applications/components/stage-board'
import { ViewToggle } from '@/features/applications/components/view-toggle'
import { screeningQuery, type ScreeningQuery } from '@/features/applications/screening'
import { useApplicantSearchAddress } from '@/features/applications/search-address'
import { HiringTeamPanel } from '@/features/companies/components/hiring-team-panel'
import { useJob } from '@/features/jobs/api/get-job'
import { ConversationDialog } from '@/features/messages/components/conversation-dialog'
import { useConversationParam } from '@/features/messages/conversation-param'

type ConversationProps = { jobId: string; query: ScreeningQuery; applicationId: string; onClose: () => void }

/**
 * The conversation the address names (`?conversation=`), with the applicant of one of the job's
 * applications: read from the list the filters keep, which holds every applicant a search among
 * them finds too.
 */
function Conversation({ jobId, query, applicationId, onClose }: ConversationProps) {
  // The board or the list says a failure; the title does without the name then.
  const { data } = useJobApplications(jobId, query, false)
  const application = data?.find((each) => each._id === applicationId)
  const name = application ? applicantName(application) : null
  return <ConversationDialog applicationId={applicationId} title={name ? `Messages with ${name}` : 'Messages'} onClose={onClose} />
}

export default function JobApplicationsPage() {
  const { jobId = '' } = useParams()
  // The job's title is a caption, its questions the filters': the list below says a failure.
  const { data: job } = useJob(jobId, false)
  // The address keeps the view (the board unless `?view=list`), the words searched, the page and
  // the filters, so a reload keeps them.
  const { params, words, page, stage, filters, change, changeFilters } = useApplicantSearchAddress()
  const view = params.get('view') === 'list' ? 'list' : 'board'
  const query = screeningQuery(filters)
  const [conversation, setConversation] = useConversationParam()
  const openConversation = (application: { _id: string }) => setConversation(application._id)
  const questions = job?.questions ?? []
  return (
    <section>
      <title>Applications for Selected Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications for Selected Job</h1>
      {/* Its line is kept while the job loads, so the board does not move under a drag. */}
      <p className="mt-2 min-h-7 text-lg text-gray-700">{job && `${job.title} at ${job.company}`}</p>
      <ApplicantSearchBox
        words={words}
        onSearch={(q) => change({ q }, true)}
        hint="Words of the applicants' names, skills, resumes, statements and answers."
      />
      {questions.length > 0 && <ScreeningFilterControls questions={questions} filters={filters} onChange={changeFilters} />}
      {words ? (
        <>
          <StageFilter stage={stage} onChange={(next) => change({ stage: next || null }, true)} />
          <ApplicantResults search={{ q: words, job: jobId, stage, page, ...query }} onPage={(next) => change({ page: next > 1 ? String(next) : null })} onMessages={openConversation} />
        </>
      ) : (
        <>
          <ViewToggle view={view} onChange={(next) => change({ view: next === 'list' ? 'list' : null }, true)} />
          {view === 'board' ? (
            <StageBoard jobId={jobId} query={query} onMessages={openConversation} />
          ) : (
            <JobApplicationsList jobId={jobId} query={query} onMessages={openConversation} />
          )}
        </>
      )}
      {/* The board is the recruiter's working screen, so it comes first; the figures follow it. */}
      <ApplicationsOverview jobId={jobId} />
      {/* Who works the job: chosen now and then, so it comes after the work itself. */}
      <HiringTeamPanel jobId={jobId} />
      {conversation && <Conversation key={conversation} jobId={jobId} query={query} applicationId={conversation} onClose={() => setConversation(null)} />}
    </section>
  )
}
