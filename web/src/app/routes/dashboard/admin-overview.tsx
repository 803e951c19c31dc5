import { AdminOverview } from '@/features/admin/components/admin-overview'

export default function AdminOverviewPage() {
  return (
    <section>
      <title>Admin Overview | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Overview</h1>
      <AdminOverview />
    </section>
  )
}
