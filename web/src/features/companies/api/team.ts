import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast, type MutationErrorToast } from '@/lib/query-client'
import type { CompanyRole, Member } from '../types'

/** GET /company/members: the caller's company's members, the first to join first. */
export async function getTeam(signal?: AbortSignal): Promise<Member[]> {
  const { members } = await payload(api.GET('/company/members', { signal }))
  return members
}

/** Keyed by the user, as the caller's company is (get-my-company.ts). */
export const teamQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['companies', 'members', userId], queryFn: ({ signal }) => getTeam(signal), enabled: userId !== null })

/** The caller's company's members; `errorToast` replaces the server's message (false: none, the screen says it). */
export function useTeam({ enabled = true, errorToast }: { enabled?: boolean; errorToast?: ErrorToast | false } = {}) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(teamQueryOptions(userId), errorToast), enabled: enabled && userId !== null })
}

type RoleChange = { userId: string; role: CompanyRole }

/** PUT /company/members/{userId}: another role for a member (owners only). */
export const setRole = ({ userId, role }: RoleChange) => payload(api.PUT('/company/members/{userId}', { params: { path: { userId } }, body: { role } }))

/** DELETE /company/members/{userId}: removes a member (owners only), or, with the caller's own id, leaves the company. */
export const removeMember = (userId: string) => payload(api.DELETE('/company/members/{userId}', { params: { path: { userId } } }))

/**
 * A role or a member changed: the members, the caller's own role, and the jobs (those of a member
 * removed or made hiring manager pass to an owner, with their applications) are fetched again.
 */
function refetchTeam(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['companies'] }),
    queryClient.invalidateQueries({ queryKey: ['jobs'] }),
    queryClient.invalidateQueries({ queryKey: ['applications'] }),
  ])
}

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useSetRole(errorToast?: MutationErrorToast<RoleChange> | false) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setRole, onSuccess: () => refetchTeam(queryClient), meta: { errorToast } })
}

export function useRemoveMember(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: removeMember, onSuccess: () => refetchTeam(queryClient), meta: { errorToast } })
}

/** Leaves the caller's company; the screen refreshes what it showed once it has moved on. */
export function useLeaveCompany(errorToast?: MutationErrorToast<void> | false) {
  const { userId } = useSession()
  return useMutation({ mutationFn: () => removeMember(userId ?? ''), meta: { errorToast } })
}
