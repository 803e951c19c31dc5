import { withNext } from '@/lib/next-page'

/** Where an applicant uploads or replaces their resume. */
export const RESUME_SETTINGS = '/dashboard/settings'

/** Settings, to upload a resume, and back to the job afterwards (its `next`). */
export const resumeSettingsFor = (jobId: string) => withNext(RESUME_SETTINGS, `/job/${encodeURIComponent(jobId)}`)
