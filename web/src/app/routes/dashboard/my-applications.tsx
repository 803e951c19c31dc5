import { ApplicationsGrid } from '@/features/applications/components/applications-grid'

export default function MyApplicationsPage() {
  return (
    <section>
      <title>My Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">My Applications</h1>
      <ApplicationsGrid />
    </section>
  )
}
