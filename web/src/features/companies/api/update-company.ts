import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { CompanyUpdate } from '../types'
import { myCompanyQueryKey } from './get-my-company'

/** PUT /company: replaces the whole profile (its owners only). */
export const updateCompany = (body: CompanyUpdate) => payload(api.PUT('/company', { body }))

/** `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useUpdateCompany(errorToast?: MutationErrorToast<CompanyUpdate> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (answer) => {
      // The company as the server now has it, then every company query (its public page too) fetched again.
      queryClient.setQueryData(myCompanyQueryKey(userId), answer)
      return queryClient.invalidateQueries({ queryKey: ['companies'] })
    },
    meta: { errorToast },
  })
}
