import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { AdminCategory } from '../types'
import { invalidateAfterAdminChange } from './invalidate'

export type CategoryFields = { name: string; description: string }

/** Every category, hidden ones too, with the jobs that name each. */
export async function getAdminCategories(): Promise<AdminCategory[]> {
  const { categories } = await api<Schemas['AdminCategoriesResponse']>('/admin/categories')
  return categories ?? []
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'categories'], queryFn: getAdminCategories, refetchOnMount: 'always' })

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions())

const categoryPath = (id: string) => `/admin/categories/${encodeURIComponent(id)}`

export const createCategory = (fields: CategoryFields) =>
  api<Schemas['CategoryResponse']>('/jobs/createCategory', { method: 'POST', body: fields })

export const updateCategory = (id: string, fields: CategoryFields) =>
  api<Schemas['AdminCategoryResponse']>(categoryPath(id), { method: 'PUT', body: fields })

export const hideCategory = (id: string) => api<Schemas['AdminCategoryResponse']>(`${categoryPath(id)}/hide`, { method: 'PUT' })

export const unhideCategory = (id: string) => api<Schemas['AdminCategoryResponse']>(`${categoryPath(id)}/unhide`, { method: 'PUT' })

export const deleteCategory = (id: string) => api<Schemas['Ack']>(categoryPath(id), { method: 'DELETE' })

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...fields }: CategoryFields & { id: string }) => updateCategory(id, fields),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
  })
}

/** Hides a category from the public lists, or shows it again (`hidden: false`). */
export function useHideCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => (hidden ? hideCategory(id) : unhideCategory(id)),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
  })
}

export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateAfterAdminChange(queryClient) })
}
