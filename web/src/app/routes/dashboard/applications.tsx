import { useSearchParams } from 'react-router'
import { ApplicationsGrid } from '@/features/applications/components/applications-grid'
import { ListViewLinks, readListView } from '@/features/applications/components/list-view-links'

/** docs/product.md#applications: what the recruiter received across their jobs, all of it or one view (`?view=`). */
export default function ApplicationsPage() {
  const [params] = useSearchParams()
  const view = readListView(params)
  return (
    <section>
      <title>Applications | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Applications</h1>
      <ListViewLinks view={view} />
      <ApplicationsGrid asRecruiter view={view} />
    </section>
  )
}
