import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { Controller, FormProvider, useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { serverMessage } from '@/lib/query-client'
import { useCreateJob } from '../api/job-mutations'
import { todayInputValue } from '../format'
import { questionInput } from '../questions'
import { addJobSchema, emptyAddJob, type AddJobValues } from '../schemas'
import { JOB_TYPES, WORK_MODES, type JobType, type WorkMode } from '../types'
import { ScreeningQuestions } from './screening-questions'
import { SkillTagsField } from './skill-tags-field'

export type CategoryOption = { _id: string; name: string }


type Props = {
  categories: CategoryOption[]
  categoriesLoading: boolean
  /** The name of the recruiter's company (GET /company), once known: the Company field starts with it. */
  company?: string | null
}

/** docs/product.md#add-job; the route fetches the categories and the name of the recruiter's company. */
export function AddJobForm({ categories, categoriesLoading, company }: Props) {
  const navigate = useNavigate()
  const createJob = useCreateJob({ message: serverMessage('Failed To create Job') })
  const form = useForm<AddJobValues>({
    resolver: zodResolver(addJobSchema),
    // A job is usually posted the day it is written: today in the recruiter's own calendar.
    defaultValues: { ...emptyAddJob, dateOfPosting: todayInputValue(), company: company ?? '' },
  })
  const {
    register,
    control,
    handleSubmit,
    reset,
    resetField,
    getValues,
    formState: { errors, isSubmitting },
  } = form

  // The company may arrive after the form shows: fill its name in then, unless the recruiter already typed one; it stays editable.
  useEffect(() => {
    if (company && getValues('company') === '') resetField('company', { defaultValue: company })
  }, [company, getValues, resetField])

  const onSubmit = async (values: AddJobValues) => {
    try {
      const { salaryMax, questions, ...fields } = values
      await createJob.mutateAsync({
        ...fields,
        maxApplicants: Number(values.maxApplicants),
        maxPositions: Number(values.maxPositions),
        salary: Number(values.salary),
        // A range only when its top is given.
        ...(salaryMax === '' ? {} : { salaryMax: Number(salaryMax) }),
        // The schema let only one of JOB_TYPES and of WORK_MODES through.
        jobType: values.jobType as JobType,
        workMode: values.workMode as WorkMode,
        // A job without questions is sent as it always was.
        ...(questions.length ? { questions: questions.map(questionInput) } : {}),
      })
      toast.success('Job Added Successfully')
      reset()
      await navigate('/dashboard/my-jobs')
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <FormProvider {...form}>
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
        <Controller
          control={control}
          name="skillsets"
          render={({ field, fieldState }) => (
            <SkillTagsField label="Skillsets" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} ref={field.ref} />
          )}
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
          <SelectField label="Work Mode" error={errors.workMode?.message} {...register('workMode')}>
            {WORK_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </SelectField>
          <FormField label="Salary (₹ per month)" type="number" min={0} inputMode="numeric" error={errors.salary?.message} {...register('salary')} />
          <FormField
            label="Maximum Salary (₹ per month, optional)"
            type="number"
            min={0}
            inputMode="numeric"
            error={errors.salaryMax?.message}
            {...register('salaryMax')}
          />
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
        <ScreeningQuestions />
        <Button type="submit" loading={isSubmitting} className="self-end">
          Add Job
        </Button>
      </form>
    </FormProvider>
  )
}
