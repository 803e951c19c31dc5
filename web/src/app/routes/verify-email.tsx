import { useRef, useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { useSignup } from '@/features/auth/api/auth-calls'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { OtpInput, type OtpInputHandle } from '@/features/auth/components/otp-input'
import { destinationAfterLogin, type LoginState } from '@/features/auth/destination'
import { useRequestSignupCode } from '@/features/auth/signup-flow'
import { authStore, setSignupData, useAuthState } from '@/features/auth/store'
import { errorMessage } from '@/lib/api-client'
import { useStartSession } from '@/lib/auth'
import { OTP_LENGTH } from '@/lib/constants'
import { NEXT_PARAM, withNext } from '@/lib/next-page'
import { serverMessage } from '@/lib/query-client'
import { Button } from '@/components/ui/button'

const EMPTY_CODE = Array<string>(OTP_LENGTH).fill('')
/** What a refused signup says when the server gave no words of its own. */
const SIGNUP_FAILED = 'Signup Failed'

export default function VerifyEmailPage() {
  const navigate = useNavigate()
  const startSession = useStartSession()
  const signup = useSignup({ message: serverMessage(SIGNUP_FAILED) })
  const requestSignupCode = useRequestSignupCode()
  // Where the person was heading before Login and Signup (a job to apply to, Add Job).
  const [params] = useSearchParams()
  const next = params.get(NEXT_PARAM)
  const { signupData, loading } = useAuthState()
  const [code, setCode] = useState<string[]>(EMPTY_CODE)
  const [codeError, setCodeError] = useState<string | null>(null)
  // The server refused the code (wrong or expired): a new one is offered beside the reason.
  const [refused, setRefused] = useState(false)
  const boxes = useRef<OtpInputHandle>(null)
  // Set once the signup succeeded: the pending data is gone then, but the way out is the new account's
  // page, not /signup.
  const [registered, setRegistered] = useState(false)

  if (!signupData) return registered ? null : <Navigate to={withNext('/signup', next)} replace />
  // The signup pages' links to Login fill in the address being signed up.
  const loginState: LoginState = { email: signupData.email }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const otp = code.join('')
    if (otp.length !== OTP_LENGTH) {
      setCodeError(`Please enter all ${OTP_LENGTH} digits of the code.`)
      return
    }
    setCodeError(null)
    authStore.set({ loading: true })
    try {
      const { token, user } = await signup.mutateAsync({ ...signupData, otp })
      setRegistered(true)
      setSignupData(null)
      toast.success('Signup Successful')
      if (token) {
        // The answer carries a session for the new account, as a login's does: no second login, and
        // on to where the person was heading (or where a login leads).
        startSession({ token, user })
        navigate(destinationAfterLogin(next, user.accountType), { replace: true })
      } else {
        navigate(withNext('/login', next), { replace: true, state: loginState })
      }
    } catch (error) {
      // A wrong or expired code: the person stays here, with the server's reason beside the boxes (and
      // in the mutation's toast), and types the code again or asks for a new one. Nothing they typed
      // on /signup is lost.
      setCodeError(errorMessage(error, SIGNUP_FAILED))
      setRefused(true)
      setCode(EMPTY_CODE)
      boxes.current?.focusFirst()
    } finally {
      authStore.set({ loading: false })
    }
  }

  const sendNewCode = async () => {
    if (await requestSignupCode(signupData.email)) {
      setCodeError(null)
      setRefused(false)
      setCode(EMPTY_CODE)
      boxes.current?.focusFirst()
    }
  }

  // The server never says whether the address already has an account (that would tell anyone who
  // has an account here); the e-mail it sends does, so the page says what to do in that case.
  const intro = (
    <>
      We sent a {OTP_LENGTH}-digit code to {signupData.email}. If this address already has an account, the e-mail tells
      you so instead:{' '}
      <Link to={withNext('/login', next)} state={loginState} className={textLinkClass}>
        log in
      </Link>
      , or{' '}
      <Link to="/forgot-password" className={textLinkClass}>
        reset your password
      </Link>
      .
    </>
  )

  return (
    <AuthLayout title="Verify Email" documentTitle="Verify Email" intro={intro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <OtpInput ref={boxes} value={code} onChange={setCode} describedBy={codeError ? 'otp-error' : undefined} />
        {codeError && (
          <p id="otp-error" role="alert" className="text-sm text-red-700">
            {codeError}
          </p>
        )}
        {refused && (
          // The way on from a wrong or expired code, beside its reason.
          <Button variant="link" disabled={loading} className="self-start" onClick={() => void sendNewCode()}>
            Send a new code
          </Button>
        )}
        <SubmitButton busy={loading}>Verify Email</SubmitButton>
      </form>
      <div className="mt-6 flex items-center justify-between">
        <Link to={withNext('/signup', next)} className={textLinkClass}>
          Back To Signup
        </Link>
        <Button variant="link" disabled={loading} onClick={() => void sendNewCode()}>
          Resend it
        </Button>
      </div>
    </AuthLayout>
  )
}
