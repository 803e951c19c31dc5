import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** The application object (docs/api.md#objects), as the server returns it. */
export type ApplicationStatus = Schemas['ApplicationStatus']

export type Application = Schemas['Application']

/** What a recruiter may decide: an application leaves `applied` once (or its applicant withdraws it). */
export type Decision = Extract<ApplicationStatus, 'shortlisted' | 'rejected'>

/** One step of an application's history. */
export type StatusChange = Schemas['StatusChange']
