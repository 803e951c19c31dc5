import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { errorMessage } from '@/lib/api-client'
import { useUpdateJob } from '../api/job-mutations'
import { dateInputValue } from '../format'
import { questionDraft, questionInput } from '../questions'
import { editJobSchema, type EditJobValues } from '../schemas'
import type { Job } from '../types'
import { Button } from '@/components/ui/button'
import { ScreeningQuestions } from './screening-questions'

/** docs/product.md#edit-job: max applicants, max positions, the deadline and the screening questions, prefilled from the job. */
export function EditJobForm({ job }: { job: Job }) {
  const navigate = useNavigate()
  const updateJob = useUpdateJob(job._id, { message: () => 'Job Not Updated' })
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<EditJobValues>({
    resolver: zodResolver(editJobSchema),
    defaultValues: {
      maxApplicants: String(job.maxApplicants),
      maxPositions: String(job.maxPositions),
      deadline: dateInputValue(job.deadline),
      questions: (job.questions ?? []).map(questionDraft),
    },
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form

  const onSubmit = async (values: EditJobValues) => {
    setRefusal(null)
    try {
      await updateJob.mutateAsync({
        maxApplicants: Number(values.maxApplicants),
        maxPositions: Number(values.maxPositions),
        deadline: values.deadline,
        // Always the whole list: the questions kept carry their _id, so their answers stay theirs; an empty list removes them all.
        questions: values.questions.map(questionInput),
      })
      toast.success('Job Updated Successfully')
      await navigate('/dashboard/my-jobs')
    } catch (error) {
      // The mutation's toast says "Job Not Updated"; why it was refused (e.g. fewer places than applications received) stays on the form.
      setRefusal(errorMessage(error, '') || null)
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-8 flex flex-col gap-4">
        <p className="text-gray-800">
          <span className="font-semibold">{job.title}</span> at {job.company}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Max Applicants" type="number" min={1} inputMode="numeric" error={errors.maxApplicants?.message} {...register('maxApplicants')} />
          <FormField label="Max Positions" type="number" min={1} inputMode="numeric" error={errors.maxPositions?.message} {...register('maxPositions')} />
          <FormField label="Application Deadline" type="date" error={errors.deadline?.message} {...register('deadline')} />
        </div>
        <ScreeningQuestions />
        <div role="alert">{refusal && <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">{refusal}</p>}</div>
        <Button type="submit" loading={isSubmitting} className="self-end">
          Update Job
        </Button>
      </form>
    </FormProvider>
  )
}
