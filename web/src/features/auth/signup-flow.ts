import { toast } from 'react-hot-toast'
import { useSendOtp } from './api/auth-calls'
import { authStore } from './store'

/**
 * docs/product.md#signup, asking for the code: loading on (the button shows it in place), then "OTP Sent Successfully" or
 * the server's message (the mutation's toast); loading off either way. The returned function resolves to whether the code
 * was sent.
 */
export function useRequestSignupCode() {
  const { mutateAsync } = useSendOtp()
  return async (email: string): Promise<boolean> => {
    authStore.set({ loading: true })
    try {
      await mutateAsync(email)
      toast.success('OTP Sent Successfully')
      return true
    } catch {
      // The mutation's toast says it.
      return false
    } finally {
      authStore.set({ loading: false })
    }
  }
}
