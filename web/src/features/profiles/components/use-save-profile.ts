import { toast } from 'react-hot-toast'
import { serverMessage } from '@/lib/query-client'
import { useUpdateUserDetails } from '../api/update-user-details'
import type { ProfileUpdate, ProfileUpdateResponse } from '../types'

/**
 * docs/product.md#profile-form: the form's Save button shows the call under way; then "User updated
 * successfully" and `onSaved`, or the server's message, or "Could not update profile".
 */
export function useSaveProfile(onSaved: (response: ProfileUpdateResponse) => void) {
  const { mutateAsync } = useUpdateUserDetails({ message: serverMessage('Could not update profile') })
  return async (body: ProfileUpdate) => {
    try {
      const response = await mutateAsync(body)
      toast.success('User updated successfully')
      onSaved(response)
    } catch {
      // The mutation's toast says it.
    }
  }
}

export type Names = { firstName: string; lastName: string }
