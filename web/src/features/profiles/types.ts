import type { User } from '@/features/auth/types'

/** SPEC section 3 "Applicant profile": one education entry; a missing end year means "until now". */
export type Education = {
  _id: string
  institutionName: string
  startYear: number
  endYear: number | null
}

/** GET /auth/applicantDetails: the profile with the applicant's names and e-mail. */
export type ApplicantDetails = {
  _id: string
  /** The about text; `null` until the applicant writes one. */
  profile: string | null
  education: Education[]
  skills: string[]
  /** An absolute, signed link that expires (fetch the details again for a fresh one), or "" with no resume. */
  resume: string
  /** The uploaded file's name, or "" with no resume (servers before issue 12 leave it out). */
  resumeName?: string
  firstName: string
  lastName: string
  email: string
}

/** GET /auth/recruiterDetails (its `jobs` are not read here); each text is `null` until filled in. */
export type RecruiterDetails = {
  _id: string
  company: string | null
  position: string | null
  contactNumber: string | null
}

export type ApplicantProfile = Omit<ApplicantDetails, 'firstName' | 'lastName' | 'email'>

/** POST /auth/updateUserDetails, for either account type. */
export type ProfileUpdate = {
  firstName: string
  lastName: string
  profile?: string
  education?: { _id?: string; institutionName: string; startYear: number; endYear: number | null }[]
  skills?: string[]
  company?: string
  position?: string
  contactNumber?: string
}

export type ProfileUpdateResponse = {
  message: string
  updatedUserDetails: User
  updatedApplicant?: ApplicantProfile
  updatedRecruiter?: RecruiterDetails
}

export type ResumeUploadResponse = { message: string; updatedApplicant: ApplicantProfile }
