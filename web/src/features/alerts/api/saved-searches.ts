import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'

export type SavedSearch = Schemas['SavedSearch']

/** Per session, so another person signing in on this tab never sees the last one's searches. */
const searchesKey = (token: string | null) => ['saved-searches', token] as const

export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await api<Schemas['SavedSearchesResponse']>('/jobs/savedSearches')
  return data ?? []
}

export const useSavedSearches = (token: string | null) =>
  useQuery({ queryKey: searchesKey(token), queryFn: getSavedSearches, enabled: !!token, refetchOnMount: 'always' })

export function useSaveSearch(token: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: string }) =>
      api<Schemas['SavedSearchResponse']>('/jobs/savedSearches', { method: 'POST', body: { name, query } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchesKey(token) }),
  })
}

export function useUpdateSearch(token: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; name?: string; alerts?: boolean }) =>
      api<Schemas['SavedSearchResponse']>(`/jobs/savedSearches/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<SavedSearch[]>(searchesKey(token), (list) => list?.map((each) => (each._id === data._id ? data : each))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchesKey(token) }),
  })
}

export function useDeleteSearch(token: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<Schemas['Ack']>(`/jobs/savedSearches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedSearch[]>(searchesKey(token), (list) => list?.filter((each) => each._id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchesKey(token) }),
  })
}

/** Stops one search's alerts from its e-mail's signed link; no login needed. */
export const unsubscribe = (search: string, signature: string) =>
  api<Schemas['Ack']>(`/alerts/unsubscribe?${new URLSearchParams({ search, signature })}`, { method: 'POST' })
