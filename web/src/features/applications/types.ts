/** SPEC section 3 "Application", as the server returns it. */
export type ApplicationStatus = 'applied' | 'shortlisted' | 'rejected'

export type Education = { _id: string; institutionName: string; startYear: number; endYear: number | null }

export type Application = {
  _id: string
  jobId: string
  status: ApplicationStatus
  sop: string
  dateOfApplication: string
  jobDetails: { title: string; salary: number; company: string; location: string; jobType: string; deadline: string }
  recruitersDetails: { company: string }
  userDetails: { firstName: string; lastName: string; email: string }
  /** `resume` is a signed link for the caller, or "" when there is none. */
  jobApplicantsDetails: { resume: string; education: Education[]; skills: string[] }
  /** True once the recruiter deleted the job (servers before issue 12 leave it out). */
  jobRemoved?: boolean
}

export type Decision = 'shortlisted' | 'rejected'
