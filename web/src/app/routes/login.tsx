import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FormField, PasswordField } from '@/components/ui/form-field'
import { login } from '@/features/auth/api/auth-calls'
import { AuthLayout, SubmitButton, textLinkClass } from '@/features/auth/components/auth-layout'
import { afterLogin } from '@/features/auth/components/guards'
import { loginSchema, type LoginValues } from '@/features/auth/schemas'
import { authStore } from '@/features/auth/store'
import { errorMessage, safeNext } from '@/lib/api-client'
import { useStartSession } from '@/lib/auth'

export default function LoginPage() {
  const navigate = useNavigate()
  const startSession = useStartSession()
  // Where the login was asked for: a job to apply to, the page a session expired on.
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })

  const onSubmit = async (values: LoginValues) => {
    const toastId = toast.loading('Loading...')
    authStore.set({ loading: true })
    try {
      const { token, user } = await login(values)
      startSession({ token, user })
      toast.success('Login Successful')
      navigate(next ?? afterLogin(user.accountType), { replace: true })
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
        <Link to="/signup" className={textLinkClass}>
          Signup
        </Link>
      </p>
    </AuthLayout>
  )
}
