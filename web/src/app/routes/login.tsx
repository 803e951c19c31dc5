import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { FormField, PasswordField } from '@/components/ui/form-field'
import { login } from '@/features/auth/api/auth-calls'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { destinationAfterLogin, emailFromState } from '@/features/auth/destination'
import { loginSchema, type LoginValues } from '@/features/auth/schemas'
import { authStore } from '@/features/auth/store'
import { errorMessage } from '@/lib/api-client'
import { useStartSession } from '@/lib/auth'
import { NEXT_PARAM, withNext } from '@/lib/next-page'

export default function LoginPage() {
  const navigate = useNavigate()
  const startSession = useStartSession()
  // Where the login was asked for: a job to apply to, Add Job, the page a session expired on. It goes
  // on to Signup too, for someone who has no account yet.
  const [params] = useSearchParams()
  const next = params.get(NEXT_PARAM)
  // After a signup, the address the person signed up with (docs/product.md#login): handed over by the
  // signup pages' links, or the signup still waiting for its code (read before it is dropped).
  const { state } = useLocation()
  const [email] = useState(() => emailFromState(state) || (authStore.get().signupData?.email ?? ''))
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email, password: '' } })

  const onSubmit = async (values: LoginValues) => {
    const toastId = toast.loading('Loading...')
    authStore.set({ loading: true })
    try {
      const { token, user } = await login(values)
      startSession({ token, user })
      toast.success('Login Successful')
      navigate(destinationAfterLogin(next, user.accountType), { replace: true })
    } catch (error) {
      const message = errorMessage(error, 'Internal Server Error')
      toast.error(message)
      // Next to the field as well: the toast goes away, the reason stays where the person looks.
      setError('password', { message }, { shouldFocus: true })
    } finally {
      authStore.set({ loading: false })
      toast.dismiss(toastId)
    }
  }

  return (
    <AuthLayout title="Welcome Back" documentTitle="Login" intro="Log in to find jobs, track your applications or manage your postings.">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        {/* docs/product.md#login: the e-mail input is plain text. */}
        <FormField label="Email Address" type="text" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <Link to="/forgot-password" className={`self-end text-sm ${textLinkClass}`}>
          Forgot Password
        </Link>
        <SubmitButton busy={isSubmitting}>Login</SubmitButton>
      </form>
      <p className="mt-6 text-gray-700">
        New to jobportal?{' '}
        <Link to={withNext('/signup', next)} className={textLinkClass}>
          Signup
        </Link>
      </p>
    </AuthLayout>
  )
}
