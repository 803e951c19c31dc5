import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'
import type { Category } from '../types'

export async function getCategories(): Promise<Category[]> {
  const { categories } = await api<Schemas['CategoriesResponse']>('/jobs/showAllCategories')
  return categories ?? []
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories })

export const useCategories = () => useQuery(categoriesQueryOptions())
