import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** An interview as the API shows it to its recruiter and its applicant (times in UTC). */
export type Interview = Schemas['Interview']

export type InterviewStatus = Schemas['InterviewStatus']

/** A proposal and a booking are planned; one at a time per application (docs/rules.md#interviews). */
export const isPlanned = ({ status }: Pick<Interview, 'status'>) => status !== 'cancelled'
