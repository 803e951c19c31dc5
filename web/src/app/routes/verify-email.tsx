import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Link, Navigate, useNavigate } from 'react-router'
import { signup } from '@/features/auth/api/auth-calls'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { OtpInput } from '@/features/auth/components/otp-input'
import { requestSignupCode } from '@/features/auth/signup-flow'
import { authStore, setSignupData, useAuthState } from '@/features/auth/store'
import { OTP_LENGTH } from '@/lib/constants'

const EMPTY_CODE = Array<string>(OTP_LENGTH).fill('')

export default function VerifyEmailPage() {
  const navigate = useNavigate()
  const { signupData, loading } = useAuthState()
  const [code, setCode] = useState<string[]>(EMPTY_CODE)
  const [codeError, setCodeError] = useState<string | null>(null)
  // Set once the signup succeeded: the pending data is gone then, but the way out is /login, not /signup.
  const [registered, setRegistered] = useState(false)

  if (!signupData) return registered ? null : <Navigate to="/signup" replace />

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const otp = code.join('')
    if (otp.length !== OTP_LENGTH) {
      setCodeError(`Please enter all ${OTP_LENGTH} digits of the code.`)
      return
    }
    setCodeError(null)
    const toastId = toast.loading('Loading...')
    authStore.set({ loading: true })
    try {
      await signup({ ...signupData, otp })
      setRegistered(true)
      setSignupData(null)
      toast.success('Signup Successful')
      navigate('/login')
    } catch {
      toast.error('Signup Failed')
      navigate('/signup')
    } finally {
      authStore.set({ loading: false })
      toast.dismiss(toastId)
    }
  }

  return (
    <AuthLayout title="Verify Email" documentTitle="Verify Email" intro={`A verification code has been sent to ${signupData.email}. Enter the code below.`}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <OtpInput value={code} onChange={setCode} describedBy={codeError ? 'otp-error' : undefined} />
        {codeError && (
          <p id="otp-error" className="text-sm text-red-700">
            {codeError}
          </p>
        )}
        <SubmitButton busy={loading}>Verify Email</SubmitButton>
      </form>
      <div className="mt-6 flex items-center justify-between">
        <Link to="/signup" className={textLinkClass}>
          Back To Signup
        </Link>
        <button type="button" disabled={loading} className={`${textLinkClass} rounded`} onClick={() => void requestSignupCode(signupData.email)}>
          Resend it
        </button>
      </div>
    </AuthLayout>
  )
}
