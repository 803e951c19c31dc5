import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { CategoryPage } from '../types'

export async function getCategoryPage(categoryId: string): Promise<CategoryPage> {
  const { selectedCategory } = await payload(
    api.POST('/jobs/categoryPageDetails/{categoryId}', { params: { path: { categoryId } } }),
  )
  return selectedCategory
}

export const categoryPageQueryOptions = (categoryId: string) =>
  queryOptions({ queryKey: ['categories', categoryId, 'page'], queryFn: () => getCategoryPage(categoryId) })

export const useCategoryPage = (categoryId: string | undefined, errorToast?: ErrorToast) =>
  useQuery({ ...withErrorToast(categoryPageQueryOptions(categoryId ?? ''), errorToast), enabled: categoryId !== undefined })
