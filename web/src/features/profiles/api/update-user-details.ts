import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import type { MutationErrorToast } from '@/lib/query-client'
import type { ProfileUpdate } from '../types'

export const updateUserDetails = (body: ProfileUpdate) => payload(api.POST('/auth/updateUserDetails', { body }))

/** `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useUpdateUserDetails(errorToast?: MutationErrorToast<ProfileUpdate> | false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
    meta: { errorToast },
  })
}
