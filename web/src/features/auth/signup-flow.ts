import { toast } from 'react-hot-toast'
import { errorMessage } from '@/lib/api-client'
import { sendOtp } from './api/auth-calls'
import { authStore } from './store'

/**
 * docs/product.md#signup, asking for the code: loading on with a loading toast, then "OTP Sent Successfully" or
 * the server's message; loading off and the loading toast dismissed either way.
 */
export async function requestSignupCode(email: string): Promise<boolean> {
  const toastId = toast.loading('Loading...')
  authStore.set({ loading: true })
  try {
    await sendOtp(email)
    toast.success('OTP Sent Successfully')
    return true
  } catch (error) {
    toast.error(errorMessage(error, 'Internal Server Error'))
    return false
  } finally {
    authStore.set({ loading: false })
    toast.dismiss(toastId)
  }
}
