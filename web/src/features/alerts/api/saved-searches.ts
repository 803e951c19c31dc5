import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'

export type SavedSearch = Schemas['SavedSearch']

/** Per user: the cache is cleared on every login and logout as well. */
const searchesKey = (userId: string | null) => ['saved-searches', userId] as const

/** The key of the signed-in user's searches. */
const useSearchesKey = () => searchesKey(useSession().userId)

export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await payload(api.GET('/jobs/savedSearches'))
  return data
}

/** The signed-in applicant's searches (none are asked for without one, or with `enabled` false); the list says a failure in place. */
export function useSavedSearches({ enabled = true } = {}) {
  const { userId } = useSession()
  return useQuery({
    queryKey: searchesKey(userId),
    queryFn: getSavedSearches,
    enabled: enabled && userId !== null,
    refetchOnMount: 'always',
    meta: { errorToast: false },
  })
}

/** Keys a search keeps nothing of: paging, and whether closed jobs show (alerts only ever send open ones). */
const NOT_KEPT = new Set(['page', 'limit', 'openOnly', 'closed'])

/**
 * A search's filters in one order, as the server compares them (docs/product.md#saved-searches):
 * `q=rust&location=Pune` and `location=Pune&q=rust` are the same search, under any name.
 */
export function searchKey(query: string): string {
  const pairs = [...new URLSearchParams(query.trim().replace(/^\?/, ''))]
    .filter(([key, value]) => !NOT_KEPT.has(key) && value.trim() !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value.trim())}`)
  return pairs.sort().join('&')
}

/**
 * The signed-in applicant's saved search that is `query` (in any order), if they saved it;
 * `loading` while their searches are first asked for.
 */
export function useSavedSearchFor(query: string, { enabled = true } = {}) {
  const searches = useSavedSearches({ enabled })
  const key = searchKey(query)
  return { saved: searches.data?.find((each) => searchKey(each.query) === key), loading: searches.isLoading }
}

/**
 * The new search joins the list at once (the Save button then shows it saved), before the refetch
 * confirms it. A refusal is not toasted unless `errorToast` asks for it: the Save dialog says it
 * beside the name.
 */
export function useSaveSearch(errorToast: MutationErrorToast<Schemas['SaveSearchRequest']> | false = false) {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: (body: Schemas['SaveSearchRequest']) => payload(api.POST('/jobs/savedSearches', { body })),
    onSuccess: ({ data }) => queryClient.setQueryData<SavedSearch[]>(key, (list) => (list ? [...list.filter((each) => each._id !== data._id), data] : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast },
  })
}

type SearchChange = Schemas['UpdateSearchRequest'] & { id: string }

/** `errorToast`, here and below: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useUpdateSearch(errorToast?: MutationErrorToast<SearchChange> | false) {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: ({ id, ...change }: SearchChange) => payload(api.PUT('/jobs/savedSearches/{searchId}', { params: { path: { searchId: id } }, body: change })),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<SavedSearch[]>(key, (list) => list?.map((each) => (each._id === data._id ? data : each))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast },
  })
}

export function useDeleteSearch(errorToast?: MutationErrorToast<string> | false) {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: (id: string) => payload(api.DELETE('/jobs/savedSearches/{searchId}', { params: { path: { searchId: id } } })),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedSearch[]>(key, (list) => list?.filter((each) => each._id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast },
  })
}

/** Stops one search's alerts from its e-mail's signed link; no login needed. */
export const unsubscribe = (search: string, signature: string) =>
  payload(api.POST('/alerts/unsubscribe', { params: { query: { search, signature } } }))

/** Undoes `unsubscribe` with the same link: the search's alerts are on again. */
export const resubscribe = (search: string, signature: string) =>
  payload(api.POST('/alerts/resubscribe', { params: { query: { search, signature } } }))
