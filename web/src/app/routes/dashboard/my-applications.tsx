import { ApplicationsGrid } from '@/features/applications/components/applications-grid'
import { useSession } from '@/features/auth/use-session'

export default function MyApplicationsPage() {
  const { token } = useSession()
  return (
    <section>
      <title>My Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">My Applications</h1>
      <ApplicationsGrid token={token} />
    </section>
  )
}
