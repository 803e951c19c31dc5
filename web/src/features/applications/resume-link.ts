import { withNext } from '@/lib/next-page'

/** Where an applicant uploads or replaces their resume. */
export const RESUME_SETTINGS = '/dashboard/settings'

/** Settings, to upload a resume, and back to the job afterwards (its `next`). */
export const resumeSettingsFor = (jobId: string) => withNext(RESUME_SETTINGS, `/job/${encodeURIComponent(jobId)}`)

/**
 * The router state of the way back from that detour (the upload, a profile save, "Back to the job"):
 * the job page opens its apply dialog at once, since applying is what the person left it for.
 */
export const BACK_TO_APPLY = { apply: true } as const

/** Whether a location's state (whatever the history holds) asks the job page to open its apply dialog. */
export const backToApply = (state: unknown) => typeof state === 'object' && state !== null && 'apply' in state && state.apply === true
