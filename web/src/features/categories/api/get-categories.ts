import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { withErrorToast, type ErrorToast } from '@/lib/query-client'
import type { Category } from '../types'

export async function getCategories(): Promise<Category[]> {
  const { categories } = await payload(api.GET('/jobs/showAllCategories'))
  return categories
}

/** Silent where the list only helps (the menu, the filters, the job form); a screen that needs it passes its `errorToast`. */
export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, meta: { errorToast: false } })

export const useCategories = (errorToast?: ErrorToast) => useQuery(withErrorToast(categoriesQueryOptions(), errorToast))
