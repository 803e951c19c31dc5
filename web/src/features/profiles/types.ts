import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** The applicant profile (docs/api.md#objects): one education entry; a `null` end year means "until now". */
export type Education = Schemas['Education']

/** GET /auth/applicantDetails: the profile with the applicant's names and e-mail. */
export type ApplicantDetails = Schemas['ApplicantDetails']

/** GET /auth/recruiterDetails (its `jobs` are not read here); each text is `null` until filled in. */
export type RecruiterDetails = Schemas['RecruiterProfile']

export type ApplicantProfile = Schemas['ApplicantProfile']

/** POST /auth/updateUserDetails, for either account type. */
export type ProfileUpdate = Schemas['UserDetailsForm']

export type ProfileUpdateResponse = Schemas['UpdateResponse']

export type ResumeUploadResponse = Schemas['ApplicantResponse']
