import type { Application } from './types'

/** The applicant as the recruiter's screens name them: "Ann Lee". */
export const applicantName = ({ userDetails }: Application) => `${userDetails.firstName} ${userDetails.lastName}`
