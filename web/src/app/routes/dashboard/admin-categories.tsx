import { AdminCategories } from '@/features/admin/components/admin-categories'

export default function AdminCategoriesPage() {
  return (
    <section>
      <title>Admin Categories | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Categories</h1>
      <p className="mt-2 text-gray-700">A hidden category leaves the public lists; a category with jobs cannot be deleted, only hidden.</p>
      <AdminCategories />
    </section>
  )
}
