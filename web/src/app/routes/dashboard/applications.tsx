import { ApplicationsGrid } from '@/features/applications/components/applications-grid'
import { useSession } from '@/features/auth/use-session'

/** docs/product.md#applications: what the recruiter received across their jobs. */
export default function ApplicationsPage() {
  const { token } = useSession()
  return (
    <section>
      <title>Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications</h1>
      <ApplicationsGrid token={token} asRecruiter />
    </section>
  )
}
