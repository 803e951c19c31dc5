import { useCategories } from '@/features/categories/api/get-categories'
import { useMyCompany } from '@/features/companies/api/get-my-company'
import { AddJobForm } from '@/features/jobs/components/add-job-form'

export default function AddJobPage() {
  const { data: categories = [], isPending } = useCategories()
  // The form shows at once; the company's name fills in when it arrives (and not at all if it fails).
  const { data: myCompany } = useMyCompany({ errorToast: false })
  return (
    <section>
      <title>Add Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Add Job</h1>
      <AddJobForm categories={categories} categoriesLoading={isPending} company={myCompany?.company.name} />
    </section>
  )
}
