import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { errorMessage } from '@/lib/api-client'
import { useCreateJob } from '../api/job-mutations'
import { addJobSchema, emptyAddJob, splitSkillsets, type AddJobValues } from '../schemas'
import { JOB_TYPES } from '../types'

export type CategoryOption = { _id: string; name: string }

const submitClass = 'rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:bg-gray-500'

/** SPEC section 5 "Add Job"; the categories come from the route, which fetches them. */
export function AddJobForm({ categories, categoriesLoading }: { categories: CategoryOption[]; categoriesLoading: boolean }) {
  const navigate = useNavigate()
  const createJob = useCreateJob()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddJobValues>({ resolver: zodResolver(addJobSchema), defaultValues: emptyAddJob })

  const onSubmit = async (values: AddJobValues) => {
    const toastId = toast.loading('Loading...')
    try {
      await createJob.mutateAsync({
        ...values,
        maxApplicants: Number(values.maxApplicants),
        maxPositions: Number(values.maxPositions),
        salary: Number(values.salary),
        skillsets: splitSkillsets(values.skillsets),
      })
      toast.success('Job Added Successfully')
      reset()
      await navigate('/dashboard/my-jobs')
    } catch (error) {
      toast.error(errorMessage(error, 'Failed To create Job'))
    } finally {
      toast.dismiss(toastId)
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-8 flex flex-col gap-4">
      <FormField label="Job Title" error={errors.title?.message} {...register('title')} />
      <FormField label="Company Name" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <TextAreaField label="Job Description" rows={5} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Max Applicants" type="number" min={1} inputMode="numeric" error={errors.maxApplicants?.message} {...register('maxApplicants')} />
        <FormField label="Max Positions" type="number" min={1} inputMode="numeric" error={errors.maxPositions?.message} {...register('maxPositions')} />
        <FormField label="Date of Posting" type="date" error={errors.dateOfPosting?.message} {...register('dateOfPosting')} />
        <FormField label="Application Deadline" type="date" error={errors.deadline?.message} {...register('deadline')} />
      </div>
      <FormField
        label="Skillsets (separated by spaces)"
        placeholder="e.g. React Rust SQL"
        error={errors.skillsets?.message}
        {...register('skillsets')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Job Type" error={errors.jobType?.message} {...register('jobType')}>
          <option value="">Select a job type</option>
          {JOB_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <FormField label="Salary (₹ per month)" type="number" min={0} inputMode="numeric" error={errors.salary?.message} {...register('salary')} />
        <SelectField label="Category" error={errors.categoryName?.message} {...register('categoryName')}>
          <option value="">{categoriesLoading ? 'Loading...' : 'Select a category'}</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <FormField label="Location" error={errors.location?.message} {...register('location')} />
      </div>
      <button type="submit" disabled={isSubmitting} className={`self-end ${submitClass}`}>
        Add Job
      </button>
    </form>
  )
}
