import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import { myCompanyQueryKey } from './get-my-company'

/** DELETE /company/logo. */
export const removeLogo = () => payload(api.DELETE('/company/logo'))

/** `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useRemoveLogo(errorToast?: MutationErrorToast<void> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (answer) => {
      queryClient.setQueryData(myCompanyQueryKey(userId), answer)
      // Every page of the company's jobs shows its logo: those shown are fetched again.
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['companies'] }), queryClient.invalidateQueries({ queryKey: ['jobs'] })])
    },
    meta: { errorToast },
  })
}
