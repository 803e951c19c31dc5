import { AdminCompanies } from '@/features/admin/components/admin-companies'

export default function AdminCompaniesPage() {
  return (
    <section>
      <title>Admin Companies | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Companies</h1>
      <p className="mt-2 text-gray-700">A verified company&apos;s page shows a badge. A suspended company&apos;s jobs and page leave public view, and its members cannot post, until it is reinstated.</p>
      <AdminCompanies />
    </section>
  )
}
