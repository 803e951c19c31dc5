import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'

export type SavedSearch = Schemas['SavedSearch']

/** Per user: the cache is cleared on every login and logout as well. */
const searchesKey = (userId: string | null) => ['saved-searches', userId] as const

/** The key of the signed-in user's searches. */
const useSearchesKey = () => searchesKey(useSession().userId)

export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await payload(api.GET('/jobs/savedSearches'))
  return data
}

/** The signed-in applicant's searches (none are asked for without one); the list says a failure in place. */
export function useSavedSearches() {
  const { userId } = useSession()
  return useQuery({
    queryKey: searchesKey(userId),
    queryFn: getSavedSearches,
    enabled: userId !== null,
    refetchOnMount: 'always',
    meta: { errorToast: false },
  })
}

export function useSaveSearch() {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: (body: Schemas['SaveSearchRequest']) => payload(api.POST('/jobs/savedSearches', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useUpdateSearch() {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: ({ id, ...change }: Schemas['UpdateSearchRequest'] & { id: string }) =>
      payload(api.PUT('/jobs/savedSearches/{searchId}', { params: { path: { searchId: id } }, body: change })),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<SavedSearch[]>(key, (list) => list?.map((each) => (each._id === data._id ? data : each))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useDeleteSearch() {
  const queryClient = useQueryClient()
  const key = useSearchesKey()
  return useMutation({
    mutationFn: (id: string) => payload(api.DELETE('/jobs/savedSearches/{searchId}', { params: { path: { searchId: id } } })),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedSearch[]>(key, (list) => list?.filter((each) => each._id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

/** Stops one search's alerts from its e-mail's signed link; no login needed. */
export const unsubscribe = (search: string, signature: string) =>
  payload(api.POST('/alerts/unsubscribe', { params: { query: { search, signature } } }))

/** Undoes `unsubscribe` with the same link: the search's alerts are on again. */
export const resubscribe = (search: string, signature: string) =>
  payload(api.POST('/alerts/resubscribe', { params: { query: { search, signature } } }))
