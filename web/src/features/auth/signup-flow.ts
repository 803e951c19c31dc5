import { toast } from 'react-hot-toast'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { sendOtp } from './api/auth-calls'
import { authStore } from './store'

/**
 * docs/product.md#signup, asking for the code: loading on (the button shows it in place), then "OTP Sent Successfully" or
 * the server's message; loading off either way.
 */
export async function requestSignupCode(email: string): Promise<boolean> {
  authStore.set({ loading: true })
  try {
    await sendOtp(email)
    toast.success('OTP Sent Successfully')
    return true
  } catch (error) {
    toast.error(errorMessage(error, FALLBACK_MESSAGE))
    return false
  } finally {
    authStore.set({ loading: false })
  }
}
