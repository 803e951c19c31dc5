import { useCategories } from '@/features/categories/api/get-categories'
import { AddJobForm } from '@/features/jobs/components/add-job-form'

export default function AddJobPage() {
  const { data: categories = [], isPending } = useCategories()
  return (
    <section>
      <title>Add Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Add Job</h1>
      <AddJobForm categories={categories} categoriesLoading={isPending} />
    </section>
  )
}
