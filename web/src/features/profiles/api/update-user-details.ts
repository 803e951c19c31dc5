import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, payload } from '@/lib/api-client'
import type { ProfileUpdate } from '../types'

export const updateUserDetails = (body: ProfileUpdate) => payload(api.POST('/auth/updateUserDetails', { body }))

export function useUpdateUserDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  })
}
