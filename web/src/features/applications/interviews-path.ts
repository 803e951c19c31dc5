/** The page of an application's interviews (docs/rules.md#interviews): the recruiter proposes and manages them there, the applicant sees them. */
export const applicationInterviewsPath = (applicationId: string) => `/dashboard/applications/${encodeURIComponent(applicationId)}/interviews`
