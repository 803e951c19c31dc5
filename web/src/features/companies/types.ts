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

/** A member of the caller's company, as the Team section lists them (GET /company/members). */
export type Member = Schemas['Member']

/** An invitation still waiting, as its company's owners see it. */
export type Invitation = Schemas['Invitation']

/** An invitation as its link's page shows it (GET /invitations/{token}). */
export type InvitationDetails = Schemas['InvitationDetails']

/** What accepting an invitation answers: the company joined and the role in it. */
export type Joined = Omit<Schemas['JoinedResponse'], 'success'>

/** A job's recruiter in charge and its hiring team, as user ids. */
export type JobTeam = { inCharge: string; team: string[] }

/** Each role as a sentence names it: "as a recruiter". */
export const ROLE_WORDS: Record<CompanyRole, string> = {
  owner: 'an owner',
  recruiter: 'a recruiter',
  hiringManager: 'a hiring manager',
}

/** Whether `role` may manage a company's jobs (edit, close, delete, choose their teams): its owners and recruiters. */
export const managesJobs = (role: CompanyRole) => role === 'owner' || role === 'recruiter'

/** Whether `role` may manage a company's webhooks (docs/product.md#webhooks-settings): its owners and recruiters, as the server allows. */
export const managesWebhooks = (role: CompanyRole) => role === 'owner' || role === 'recruiter'

/** A member's full name. */
export const memberName = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim()
