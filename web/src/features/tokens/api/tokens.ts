import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { NewToken, Tokens } from '../types'

/** GET /auth/tokens: the signed-in recruiter's API tokens, the newest first, and whether they may make one. */
export async function getTokens(signal?: AbortSignal): Promise<Tokens> {
  const { tokens, canCreate } = await payload(api.GET('/auth/tokens', { signal }))
  return { tokens, canCreate }
}

/** Keyed by the user (the cache is cleared on every login and logout anyway); the section says a failure in place. */
export const tokensQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['tokens', userId],
    queryFn: ({ signal }) => getTokens(signal),
    enabled: userId !== null,
    meta: { errorToast: false },
  })

export function useTokens() {
  const { userId } = useSession()
  return useQuery(tokensQueryOptions(userId))
}

/** The list as a change left it, then fetched again. */
function useTokensHere() {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const { queryKey } = tokensQueryOptions(userId)
  return {
    set: (change: (tokens: Tokens['tokens']) => Tokens['tokens']) =>
      queryClient.setQueryData<Tokens>(queryKey, (held) => (held ? { ...held, tokens: change(held.tokens) } : held)),
    refetch: () => queryClient.invalidateQueries({ queryKey }),
  }
}

/** POST /auth/tokens: the answer carries the token's secret, which is never shown again. */
export const createToken = (body: NewToken) => payload(api.POST('/auth/tokens', { body }))

/** DELETE /auth/tokens/{tokenId}: the next call made with the token is refused. */
export const revokeToken = (tokenId: string) => payload(api.DELETE('/auth/tokens/{tokenId}', { params: { path: { tokenId } } }))

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useCreateToken(errorToast?: MutationErrorToast<NewToken> | false) {
  const here = useTokensHere()
  return useMutation({
    mutationFn: createToken,
    onSuccess: ({ token }) => here.set((tokens) => [token, ...tokens.filter((each) => each._id !== token._id)]),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}

export function useRevokeToken(errorToast?: MutationErrorToast<string> | false) {
  const here = useTokensHere()
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: (_answer, tokenId) => here.set((tokens) => tokens.filter((each) => each._id !== tokenId)),
    onSettled: here.refetch,
    meta: { errorToast },
  })
}
