import { roleValues, sizeBandValues, type components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A company's public profile: its page is `/company/{slug}`. */
export type Company = Schemas['Company']

/** How many people a company says it employs. */
export type SizeBand = Schemas['SizeBand']

export const SIZE_BANDS: readonly SizeBand[] = sizeBandValues

/** What a member may do in their company (docs/rules.md#companies). */
export type CompanyRole = Schemas['Role']

export const COMPANY_ROLES: readonly CompanyRole[] = roleValues

/** Each role as a person names it. */
export const ROLE_NAMES: Record<CompanyRole, string> = {
  owner: 'Owner',
  recruiter: 'Recruiter',
  hiringManager: 'Hiring manager',
}

/** GET /company: the caller's company and their role in it. */
export type MyCompany = Omit<Schemas['MyCompanyResponse'], 'success' | 'message'>

/** The profile a company's owner sends (PUT /company). */
export type CompanyUpdate = Schemas['CompanyForm']
