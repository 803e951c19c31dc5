import { z } from 'zod'
import { JOB_TYPES } from './types'

const required = (message: string) => z.string().trim().min(1, message)

/** SPEC section 5 "Add Job": every field is required, each with its own message. */
export const addJobSchema = z.object({
  title: required('Job title is required'),
  company: required('Company name is required'),
  description: required('Job description is required'),
  maxApplicants: required('Max applicants is required'),
  maxPositions: required('Max positions is required'),
  dateOfPosting: required('Date of posting is required'),
  deadline: required('Application deadline is required'),
  skillsets: required('Skillsets are required'),
  // The select offers only the three types, and '' until one is chosen.
  jobType: z.string().refine((value) => (JOB_TYPES as readonly string[]).includes(value), 'Job type is required'),
  salary: required('Salary is required'),
  categoryName: required('Category is required'),
  location: required('Location is required'),
})
export type AddJobValues = z.infer<typeof addJobSchema>

export const emptyAddJob: AddJobValues = {
  title: '',
  company: '',
  description: '',
  maxApplicants: '',
  maxPositions: '',
  dateOfPosting: '',
  deadline: '',
  skillsets: '',
  jobType: '',
  salary: '',
  categoryName: '',
  location: '',
}

/** SPEC section 9: skillsets are split on whitespace. */
export const splitSkillsets = (text: string) => text.split(/\s+/).filter(Boolean)

/** SPEC section 5 "Edit Job": only these three change. */
export const editJobSchema = z.object({
  maxApplicants: required('Maximum applicants is required'),
  maxPositions: required('Maximum positions is required'),
  deadline: required('Deadline is required'),
})
export type EditJobValues = z.infer<typeof editJobSchema>
