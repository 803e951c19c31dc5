import { useCategories } from '@/features/categories/api/get-categories'
import { AddJobForm } from '@/features/jobs/components/add-job-form'
import { useRecruiterDetails } from '@/features/profiles/api/get-recruiter-details'

export default function AddJobPage() {
  const { data: categories = [], isPending } = useCategories()
  // The form shows at once; the company from the profile fills in when it arrives (and not at all if it fails).
  const { data: profile } = useRecruiterDetails({ errorToast: false })
  return (
    <section>
      <title>Add Job | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Add Job</h1>
      <AddJobForm categories={categories} categoriesLoading={isPending} company={profile?.company} />
    </section>
  )
}
