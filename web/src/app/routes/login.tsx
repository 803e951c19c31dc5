import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { FormField, PasswordField } from '@/components/ui/form-field'
import { useLogin } from '@/features/auth/api/auth-calls'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { destinationAfterLogin, emailFromState } from '@/features/auth/destination'
import { loginSchema, type LoginValues } from '@/features/auth/schemas'
import { authStore } from '@/features/auth/store'
import { ApiError, errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { useStartSession } from '@/lib/auth'
import { NEXT_PARAM, withNext } from '@/lib/next-page'
import { useAppReady } from '@/lib/template'
import { OPERATOR_EMAIL } from '../operator'

/**
 * docs/product.md#login: under the server's "This account has been suspended", what the person can
 * do next. The suspension e-mail gave the reason and pointed to the contact page as well.
 */
function SuspendedHelp() {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-md border border-amber-700 bg-amber-50 p-4 text-gray-800">
      <h2 id={headingId} className="font-semibold text-gray-900">
        What you can do
      </h2>
      <p className="mt-2">
        An administrator suspended this account; the e-mail we sent you gives the reason. If you think it is a mistake, write to{' '}
        <a href={`mailto:${OPERATOR_EMAIL}`} className={textLinkClass}>
          {OPERATOR_EMAIL}
        </a>{' '}
        from the account&apos;s e-mail address, or see{' '}
        <Link to="/contact" className={textLinkClass}>
          Contact
        </Link>
        .
      </p>
    </section>
  )
}

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
  const [suspended, setSuspended] = useState(false)
  const login = useLogin()
  const appReady = useAppReady()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email, password: '' } })

  const onSubmit = async (values: LoginValues) => {
    authStore.set({ loading: true })
    try {
      const { token, user } = await login.mutateAsync(values)
      startSession({ token, user })
      toast.success('Login Successful')
      navigate(destinationAfterLogin(next, user.accountType), { replace: true })
    } catch (error) {
      // docs/rules.md: a login answers 403 only to a suspended account (and only with its password).
      setSuspended(error instanceof ApiError && error.status === 403)
      // The mutation's toast says the reason; next to the field as well: the toast goes away, the
      // reason stays where the person looks.
      setError('password', { message: errorMessage(error, FALLBACK_MESSAGE) }, { shouldFocus: true })
    } finally {
      authStore.set({ loading: false })
    }
  }

  return (
    <AuthLayout title="Welcome Back" documentTitle="Login" intro="Log in to find jobs, track your applications or manage your postings.">
      {/* Posted, never sent as a query, should it be sent before the app has taken over the server's markup. */}
      <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        {/* docs/product.md#login: the e-mail input is plain text. */}
        <FormField id="login-email" label="Email Address" type="text" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordField id="login-password" label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <Link to="/forgot-password" className={`self-end text-sm ${textLinkClass}`}>
          Forgot Password
        </Link>
        {/* Disabled in the markup the server draws: only the app sends the form. */}
        <SubmitButton busy={isSubmitting} disabled={!appReady}>
          Login
        </SubmitButton>
      </form>
      {/* Present before it fills, so the help is read out when it appears (the focus is on the password). */}
      <div aria-live="polite">{suspended && <SuspendedHelp />}</div>
      <p className="mt-6 text-gray-700">
        New to jobportal?{' '}
        <Link to={withNext('/signup', next)} className={textLinkClass}>
          Signup
        </Link>
      </p>
    </AuthLayout>
  )
}
