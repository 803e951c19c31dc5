import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast, type MutationErrorToast } from '@/lib/query-client'
import type { CompanyRole, Invitation, InvitationDetails } from '../types'

/** GET /company/invitations: the invitations still waiting, the newest first (owners only). */
export async function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const { invitations } = await payload(api.GET('/company/invitations', { signal }))
  return invitations
}

const invitationsQueryKey = (userId: string | null) => ['companies', 'invitations', userId] as const

export const invitationsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: invitationsQueryKey(userId), queryFn: ({ signal }) => getInvitations(signal), enabled: userId !== null })

/** The caller's company's invitations still waiting; `enabled: false` for anyone but an owner. */
export function useInvitations({ enabled = true, errorToast }: { enabled?: boolean; errorToast?: ErrorToast | false } = {}) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(invitationsQueryOptions(userId), errorToast), enabled: enabled && userId !== null })
}

export type NewInvitation = { email: string; role: CompanyRole }

/** POST /company/invitations: e-mails the address a link to join as `role`. */
export const invite = (body: NewInvitation) => payload(api.POST('/company/invitations', { body }))

/** DELETE /company/invitations/{invitationId}: the link stops working. */
export const revokeInvitation = (invitationId: string) =>
  payload(api.DELETE('/company/invitations/{invitationId}', { params: { path: { invitationId } } }))

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useInvite(errorToast?: MutationErrorToast<NewInvitation> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(userId) }),
    meta: { errorToast },
  })
}

export function useRevokeInvitation(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(userId) }),
    meta: { errorToast },
  })
}

/** GET /invitations/{token}: what an invitation's link offers, for anyone holding it. */
export async function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  const { invitation } = await payload(api.GET('/invitations/{token}', { params: { path: { token } }, signal }))
  return invitation
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitations', token], queryFn: ({ signal }) => getInvitation(token, signal) })

/** The invitation of a link; `errorToast` as useInvitations'. */
export const useInvitation = (token: string, errorToast?: ErrorToast | false) => useQuery(withErrorToast(invitationQueryOptions(token), errorToast))

/** POST /invitations/{token}/accept: the caller joins the invitation's company ("You joined {company}"). */
export const acceptInvitation = (token: string) => payload(api.POST('/invitations/{token}/accept', { params: { path: { token } } }))

/**
 * Accepting changes the caller's company, and with it every job and application they see: those are
 * fetched again (not the invitation, whose link no longer works once used).
 */
export function useAcceptInvitation(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => Promise.all(['companies', 'jobs', 'applications'].map((first) => queryClient.invalidateQueries({ queryKey: [first] }))),
    meta: { errorToast },
  })
}
