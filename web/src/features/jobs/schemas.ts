import { z } from '@/lib/zod'
import { requiredText } from '@/lib/validation'
import { questionsSchema } from './questions'
import { JOB_TYPES, WORK_MODES } from './types'

/** docs/product.md#add-job: every field is required, each with its own message; then the range's top and the work mode, optional. */
export const addJobSchema = z
  .object({
  title: requiredText('Job title is required'),
  company: requiredText('Company name is required'),
  description: requiredText('Job description is required'),
  maxApplicants: requiredText('Max applicants is required'),
  maxPositions: requiredText('Max positions is required'),
  dateOfPosting: requiredText('Date of posting is required'),
  deadline: requiredText('Application deadline is required'),
  // Tags, one per skill: a skill may have several words ("Machine Learning").
  skillsets: z.array(z.string()).check(z.minLength(1, 'Skillsets are required')),
  // The select offers only the three types, and '' until one is chosen.
  jobType: z.string().check(z.refine((value) => (JOB_TYPES as readonly string[]).includes(value), 'Job type is required')),
  salary: requiredText('Salary is required'),
  salaryMax: z.string().check(z.trim()),
  workMode: z.string().check(z.refine((value) => (WORK_MODES as readonly string[]).includes(value), 'Work mode must be On-site, Hybrid or Remote')),
  categoryName: requiredText('Category is required'),
  location: requiredText('Location is required'),
  questions: questionsSchema,
})
  .check(
    z.refine((job) => job.salaryMax === '' || job.salary === '' || Number(job.salaryMax) >= Number(job.salary), {
      message: 'Maximum salary must be at least the salary',
      path: ['salaryMax'],
    }),
  )
export type AddJobValues = z.infer<typeof addJobSchema>

export const emptyAddJob: AddJobValues = {
  title: '',
  company: '',
  description: '',
  maxApplicants: '',
  maxPositions: '',
  dateOfPosting: '',
  deadline: '',
  skillsets: [],
  jobType: '',
  salary: '',
  salaryMax: '',
  workMode: 'On-site',
  categoryName: '',
  location: '',
  questions: [],
}

/** docs/product.md#edit-job: only these three change, and the screening questions. */
export const editJobSchema = z.object({
  maxApplicants: requiredText('Maximum applicants is required'),
  maxPositions: requiredText('Maximum positions is required'),
  deadline: requiredText('Deadline is required'),
  questions: questionsSchema,
})
export type EditJobValues = z.infer<typeof editJobSchema>
