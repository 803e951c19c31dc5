import { OfflineNotice } from '@/components/ui/offline-notice'
import { useApplications } from '@/features/applications/api/get-applications'
import { ApplicationsGrid } from '@/features/applications/components/applications-grid'
import { ConversationDialog } from '@/features/messages/components/conversation-dialog'
import { useConversationParam } from '@/features/messages/conversation-param'

/** The conversation the address names (`?conversation=`), about one of the applicant's applications. */
function Conversation({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const { data } = useApplications()
  const application = data?.find((each) => each._id === applicationId)
  return <ConversationDialog applicationId={applicationId} title={application ? `Messages about ${application.jobDetails.title}` : 'Messages'} onClose={onClose} />
}

export default function MyApplicationsPage() {
  const [conversation, setConversation] = useConversationParam()
  const { dataUpdatedAt } = useApplications()
  return (
    <section>
      <title>My Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">My Applications</h1>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      <ApplicationsGrid onMessages={(application) => setConversation(application._id)} />
      {conversation && <Conversation key={conversation} applicationId={conversation} onClose={() => setConversation(null)} />}
    </section>
  )
}
