import { toast } from 'react-hot-toast'
import { errorMessage } from '@/lib/api-client'
import { useUpdateUserDetails } from '../api/update-user-details'
import type { ProfileUpdate, ProfileUpdateResponse } from '../types'

/**
 * docs/product.md#profile-form: the form's Save button shows the call under way; then "User updated
 * successfully" and `onSaved`, or the server's message, or "Could not update profile".
 */
export function useSaveProfile(onSaved: (response: ProfileUpdateResponse) => void) {
  const { mutateAsync } = useUpdateUserDetails()
  return async (body: ProfileUpdate) => {
    try {
      const response = await mutateAsync(body)
      toast.success('User updated successfully')
      onSaved(response)
    } catch (error) {
      toast.error(errorMessage(error, 'Could not update profile'))
    }
  }
}

export type Names = { firstName: string; lastName: string }
