import { ApplicationsGrid } from '@/features/applications/components/applications-grid'

/** docs/product.md#applications: what the recruiter received across their jobs. */
export default function ApplicationsPage() {
  return (
    <section>
      <title>Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications</h1>
      <ApplicationsGrid asRecruiter />
    </section>
  )
}
