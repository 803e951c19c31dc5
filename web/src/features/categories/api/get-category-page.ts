import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { CategoryPage } from '../types'

export async function getCategoryPage(categoryId: string): Promise<CategoryPage> {
  const { selectedCategory } = await api<Schemas['CategoryPageResponse']>(
    `/jobs/categoryPageDetails/${encodeURIComponent(categoryId)}`,
    { method: 'POST', body: { CategoryId: categoryId } },
  )
  return selectedCategory
}

export const categoryPageQueryOptions = (categoryId: string) =>
  queryOptions({ queryKey: ['categories', categoryId, 'page'], queryFn: () => getCategoryPage(categoryId) })

export const useCategoryPage = (categoryId: string | undefined) =>
  useQuery({ ...categoryPageQueryOptions(categoryId ?? ''), enabled: categoryId !== undefined })
