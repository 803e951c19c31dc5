import { z } from '@/lib/zod'
import { requiredText } from '@/lib/validation'


const FIRST_YEAR = 1900
/** The server accepts years up to next year, for a course about to start. */
const lastYear = () => new Date().getFullYear() + 1
const isYear = (text: string) => /^\d{1,4}$/.test(text) && Number(text) >= FIRST_YEAR && Number(text) <= lastYear()
const yearMessage = (label: string) => `${label} must be a year from ${FIRST_YEAR} to ${lastYear()}`

/**
 * docs/product.md#profile-form: each entry needs an institution and a start year; the end year is
 * optional. The year range and order are the server's rules, checked here with its messages.
 */
export const educationSchema = z
  .object({
    _id: z.optional(z.string()),
    institutionName: requiredText('Please enter the institution name.'),
    startYear: requiredText('Please enter the start year.').check(z.refine(isYear, { error: () => yearMessage('Start year') })),
    endYear: z.string().check(
      z.trim(),
      z.refine((text) => text === '' || isYear(text), { error: () => yearMessage('End year') }),
    ),
  })
  .check(
    z.refine((row) => row.endYear === '' || !isYear(row.startYear) || Number(row.endYear) >= Number(row.startYear), {
      message: 'End year cannot be before start year',
      path: ['endYear'],
    }),
  )

const names = {
  firstName: requiredText('Please enter your first name.'),
  lastName: requiredText('Please enter your last name.'),
}

export const applicantProfileSchema = z.object({
  ...names,
  profile: z.string(),
  /** Comma-separated text (docs/product.md#profile-form). */
  skills: z.string(),
  education: z.array(educationSchema),
})
export type ApplicantProfileValues = z.infer<typeof applicantProfileSchema>
export type EducationValues = z.infer<typeof educationSchema>

/**
 * docs/product.md#profile-form, the recruiter's contact number: required, 10 to 12 digits, with
 * spaces, dashes, dots or brackets between them and an optional leading "+", as the server takes it.
 */
export const isContactNumber = (value: string) =>
  /^\+?[\d(][\d ().-]*$/.test(value.trim()) && /^\d{10,12}$/.test(value.replace(/[^\d]/g, ''))
export const CONTACT_NUMBER_HINT = '10 to 12 digits; spaces, dashes and a leading + are fine'

export const recruiterProfileSchema = z.object({
  ...names,
  company: z.string(),
  position: z.string(),
  contactNumber: requiredText('Please enter your Contact Number.').check(z.refine(isContactNumber, 'Invalid Contact Number')),
})
export type RecruiterProfileValues = z.infer<typeof recruiterProfileSchema>

/** docs/product.md#resume-upload: PDF only; a missing file shows "Resume is required". */
export const RESUME_REQUIRED = 'Resume is required'
export const NOT_A_PDF = 'Only PDF files are allowed'
export const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')

export const resumeSchema = z.object({
  resume: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .check(
      z.refine((file) => file !== null, RESUME_REQUIRED),
      z.refine((file) => file === null || isPdf(file), NOT_A_PDF),
    ),
})
export type ResumeValues = z.input<typeof resumeSchema>
