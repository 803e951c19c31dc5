import { AdminJobs } from '@/features/admin/components/admin-jobs'

export default function AdminJobsPage() {
  return (
    <section>
      <title>Manage Jobs | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Manage Jobs</h1>
      <p className="mt-2 text-gray-700">A hidden job leaves every public list, search and page until it is shown again.</p>
      <AdminJobs />
    </section>
  )
}
