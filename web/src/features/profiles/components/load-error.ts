import { useEffect } from 'react'
import { toast } from 'react-hot-toast'
import { errorMessage } from '@/lib/api-client'

/** docs/product.md#my-profile: a failed load shows the server message, or "An error occurred". */
export function useLoadErrorToast(error: unknown) {
  useEffect(() => {
    if (error) toast.error(errorMessage(error, 'An error occurred'), { id: 'profile-load-error' })
  }, [error])
}
