import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ProfileUpdate, ProfileUpdateResponse } from '../types'

export const updateUserDetails = (body: ProfileUpdate) =>
  api<ProfileUpdateResponse>('/auth/updateUserDetails', { method: 'POST', body })

export function useUpdateUserDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  })
}
