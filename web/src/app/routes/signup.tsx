import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FormField, PasswordField } from '@/components/ui/form-field'
import { AccountTypeTabs } from '@/features/auth/components/account-type-tabs'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { signupAccountType, type LoginState } from '@/features/auth/destination'
import { PASSWORD_HINT, signupSchema, type SignupValues } from '@/features/auth/schemas'
import { useRequestSignupCode } from '@/features/auth/signup-flow'
import { authStore, setSignupData } from '@/features/auth/store'
import type { AccountType } from '@/features/auth/types'
import { NEXT_PARAM, withNext } from '@/lib/next-page'

const EMPTY: SignupValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' }

export default function SignupPage() {
  const navigate = useNavigate()
  const requestSignupCode = useRequestSignupCode()
  // Where the person was heading (a job to apply to, Add Job, an invitation): it goes on to
  // /verify-email, and the new account is taken there once it exists. "Post a job" and an
  // invitation's "Sign up to accept" open the Recruiter tab.
  const [params] = useSearchParams()
  const next = params.get(NEXT_PARAM)
  // Back from /verify-email ("Back To Signup"), the details typed before are still there to correct.
  const [pending] = useState(() => authStore.get().signupData)
  const [accountType, setAccountType] = useState<AccountType>(() => pending?.accountType ?? signupAccountType(next))
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: pending
      ? { firstName: pending.firstName, lastName: pending.lastName, email: pending.email, password: pending.password, confirmPassword: pending.confirmPassword }
      : EMPTY,
  })

  const onSubmit = async (values: SignupValues) => {
    if (values.password !== values.confirmPassword) {
      toast.error('Passwords Do Not Match')
      setError('confirmPassword', { message: 'Passwords Do Not Match' }, { shouldFocus: true })
      return
    }
    const signupData = { ...values, email: values.email.trim(), accountType }
    setSignupData(signupData)
    if (await requestSignupCode(signupData.email)) {
      // docs/product.md#signup: after a submit the form and the tab start over.
      reset(EMPTY)
      setAccountType('Applicant')
      navigate(withNext('/verify-email', next))
    }
  }
  // "Already have an account?": Login with the address typed here filled in.
  const email = useWatch({ control, name: 'email' })
  const loginState: LoginState = { email: email.trim() }

  return (
    <AuthLayout
      title="Join the millions finding their next job with jobportal"
      documentTitle="Signup"
      intro="Build a profile that gets you noticed, or find the people your team needs."
    >
      <AccountTypeTabs value={accountType} onChange={setAccountType} panelId="signup-form">
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
            <FormField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <FormField label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <PasswordField label="Create Password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password?.message} {...register('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <SubmitButton busy={isSubmitting}>Create Account</SubmitButton>
        </form>
      </AccountTypeTabs>
      <p className="mt-6 text-gray-700">
        Already have an account?{' '}
        <Link to={withNext('/login', next)} state={loginState} className={textLinkClass}>
          Login
        </Link>
      </p>
      <p className="mt-8 text-sm text-gray-700">© 2024 jobportal. All rights reserved.</p>
    </AuthLayout>
  )
}
