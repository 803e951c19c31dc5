import type { CompanyRole, Invitation, InvitationDetails, JobTeam, Member } from '@/features/companies/types'
import type { Job } from '@/features/jobs/types'
import { daysFromNow } from './dates'
import { recruiter } from './fixtures'
import { http, server } from './server'

/** A member of Acme: Raj Rao, the signed-in recruiter of the tests, its owner, unless told otherwise. */
export const member = (overrides: Partial<Member> = {}): Member => ({
  userId: recruiter._id,
  firstName: recruiter.firstName,
  lastName: recruiter.lastName,
  email: recruiter.email,
  role: 'owner',
  joinedAt: '2026-01-05T09:00:00Z',
  ...overrides,
})

/** Acme's team in the tests: Raj (owner, the one signed in), Sue (recruiter) and Hal (hiring manager). */
export const acmeTeam = (rajRole: CompanyRole = 'owner'): Member[] => [
  member({ role: rajRole }),
  member({ userId: 'u-sue', firstName: 'Sue', lastName: 'Park', email: 'sue@acme.example', role: 'recruiter', joinedAt: '2026-02-10T09:00:00Z' }),
  member({ userId: 'u-hal', firstName: 'Hal', lastName: 'Iyer', email: 'hal@acme.example', role: 'hiringManager', joinedAt: '2026-03-01T09:00:00Z' }),
]

/** When the fixtures' invitations stop working (fixed): 12 March 2026. */
export const EXPIRES = '2026-03-12T10:00:00Z'

/** An invitation still waiting, for a recruiter. */
export const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  _id: 'inv1',
  email: 'new@example.com',
  role: 'recruiter',
  createdAt: '2026-03-05T10:00:00Z',
  expiresAt: EXPIRES,
  ...overrides,
})

/** What an invitation's link shows: Acme, inviting raj@example.com as a recruiter, for a week more. */
export const invitationDetails = (overrides: Partial<InvitationDetails> = {}): InvitationDetails => ({
  companyName: 'Acme',
  companySlug: 'acme',
  email: recruiter.email,
  role: 'recruiter',
  expiresAt: daysFromNow(7),
  ...overrides,
})

/** What the Team section sent, in order. */
export type TeamRequests = {
  roles: { userId: string; role: unknown }[]
  removed: string[]
  invited: unknown[]
  revoked: string[]
}

/**
 * The server's team as a test drives it: GET /company/members answers `members`, GET
 * /company/invitations `invitations`; a role change, a removal (or leaving), an invitation and a
 * revocation change them as the server would and answer with its messages. Each request is recorded.
 */
export function answerTeam({ members = acmeTeam(), invitations = [] as Invitation[] } = {}) {
  let currentMembers = members
  let currentInvitations = invitations
  const requests: TeamRequests = { roles: [], removed: [], invited: [], revoked: [] }
  server.use(
    http.get('/company/members', ({ response }) => response(200).json({ success: true, message: 'Team fetched successfully', members: currentMembers })),
    http.put('/company/members/{userId}', async ({ params, request, response }) => {
      const { role } = await request.json()
      requests.roles.push({ userId: String(params.userId), role })
      currentMembers = currentMembers.map((each) => (each.userId === params.userId ? { ...each, role: role as CompanyRole } : each))
      return response(200).json({ success: true, message: 'Role updated' })
    }),
    http.delete('/company/members/{userId}', ({ params, response }) => {
      requests.removed.push(String(params.userId))
      currentMembers = currentMembers.filter((each) => each.userId !== params.userId)
      return response(200).json({ success: true, message: params.userId === recruiter._id ? 'You left the company' : 'Member removed' })
    }),
    http.get('/company/invitations', ({ response }) =>
      response(200).json({ success: true, message: 'Invitations fetched successfully', invitations: currentInvitations }),
    ),
    http.post('/company/invitations', async ({ request, response }) => {
      const body = await request.json()
      requests.invited.push(body)
      const sent = invitation({ _id: `inv${requests.invited.length + 1}`, email: body.email ?? '', role: (body.role ?? 'recruiter') as CompanyRole })
      currentInvitations = [sent, ...currentInvitations.filter((each) => each.email !== sent.email)]
      return response(201).json({ success: true, message: 'Invitation sent', invitation: sent })
    }),
    http.delete('/company/invitations/{invitationId}', ({ params, response }) => {
      requests.revoked.push(String(params.invitationId))
      currentInvitations = currentInvitations.filter((each) => each._id !== params.invitationId)
      return response(200).json({ success: true, message: 'Invitation revoked' })
    }),
  )
  return requests
}

/**
 * An invitation's link as the server answers it: GET /invitations/{token} gives `details` for
 * `token` and 404 "This invitation link is invalid or has expired" for any other; accepting it
 * answers "You joined {company}". Returns the tokens accepted, in order.
 */
export function answerInvitationLink(token: string, details: InvitationDetails = invitationDetails()) {
  const accepted: string[] = []
  const invalid = { success: false, message: 'This invitation link is invalid or has expired' }
  server.use(
    http.get('/invitations/{token}', ({ params, response }) =>
      params.token === token
        ? response(200).json({ success: true, message: 'Invitation fetched successfully', invitation: details })
        : response(404).json(invalid),
    ),
    http.post('/invitations/{token}/accept', ({ params, response }) => {
      accepted.push(String(params.token))
      if (params.token !== token) return response(404).json(invalid)
      return response(200).json({ success: true, message: `You joined ${details.companyName}`, companySlug: details.companySlug, role: details.role })
    }),
  )
  return accepted
}

/** GET /company/jobs answers `jobs`, counting its fetches. */
export function answerCompanyJobs(jobs: Job[]) {
  let fetches = 0
  server.use(
    http.get('/company/jobs', ({ response }) => {
      fetches++
      return response(200).json({ success: true, message: 'Jobs fetched successfully', data: jobs })
    }),
  )
  return { fetches: () => fetches }
}

/**
 * A job's hiring team as the server keeps it: GET answers `start`, PUT replaces what it names (a part
 * left out is kept) and answers "Hiring team updated". Returns each PUT body, in order.
 */
export function answerJobTeam(start: JobTeam = { inCharge: recruiter._id, team: [] }) {
  let current = start
  const sent: unknown[] = []
  server.use(
    http.get('/company/jobs/{jobId}/team', ({ response }) => response(200).json({ success: true, message: 'Hiring team fetched successfully', data: current })),
    http.put('/company/jobs/{jobId}/team', async ({ request, response }) => {
      const body = await request.json()
      sent.push(body)
      current = { inCharge: body.inCharge ?? current.inCharge, team: body.team ?? current.team }
      return response(200).json({ success: true, message: 'Hiring team updated', data: current })
    }),
  )
  return sent
}
