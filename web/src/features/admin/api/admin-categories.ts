import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import type { AdminCategory } from '../types'
import { invalidateAfterAdminChange } from './invalidate'

export type CategoryFields = Schemas['CreateCategoryRequest']

/** Every category, hidden ones too, with the jobs that name each. */
export async function getAdminCategories(): Promise<AdminCategory[]> {
  const { categories } = await payload(api.GET('/admin/categories'))
  return categories
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'categories'], queryFn: getAdminCategories, refetchOnMount: 'always', meta: { errorToast: false } }) // the console says a failure in place

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions())

export const createCategory = (fields: CategoryFields) => payload(api.POST('/jobs/createCategory', { body: fields }))

const category = (categoryId: string) => ({ params: { path: { categoryId } } })

export const updateCategory = (id: string, fields: CategoryFields) => payload(api.PUT('/admin/categories/{categoryId}', { ...category(id), body: fields }))

export const hideCategory = (id: string) => payload(api.PUT('/admin/categories/{categoryId}/hide', category(id)))

export const unhideCategory = (id: string) => payload(api.PUT('/admin/categories/{categoryId}/unhide', category(id)))

export const deleteCategory = (id: string) => payload(api.DELETE('/admin/categories/{categoryId}', category(id)))

// Adding and editing: the form says a refusal beside the field it is about, not in a toast.
export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateAfterAdminChange(queryClient), meta: { errorToast: false } })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...fields }: CategoryFields & { id: string }) => updateCategory(id, fields),
    onSuccess: () => invalidateAfterAdminChange(queryClient),
    meta: { errorToast: false },
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
