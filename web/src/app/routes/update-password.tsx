import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useLocation, useNavigate } from 'react-router'
import { PasswordField } from '@/components/ui/form-field'
import { resetPassword } from '@/features/auth/api/auth-calls'
import { RecoveryForm } from '@/features/auth/components/recovery-form'
import { resetPasswordSchema, type ResetPasswordValues } from '@/features/auth/schemas'
import { errorMessage } from '@/lib/api-client'

export default function UpdatePasswordPage() {
  const navigate = useNavigate()
  // docs/product.md#reset-password: the reset token is the last path segment.
  const token = useLocation().pathname.split('/').filter(Boolean).at(-1) ?? ''
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirmPassword: '' } })

  const onSubmit = async (values: ResetPasswordValues) => {
    try {
      await resetPassword({ ...values, token })
      toast.success('Password Reset Successfully')
      navigate('/login')
    } catch (error) {
      const message = errorMessage(error, 'Failed To Reset Password')
      toast.error(message)
      // The reason beside the field it is about; a refused link's reason beside the new password.
      setError(/match/i.test(message) ? 'confirmPassword' : 'password', { message }, { shouldFocus: true })
    }
  }

  return (
    <RecoveryForm
      title="Choose new password"
      documentTitle="Reset Password"
      intro="Almost done. Enter your new password and you're all set."
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting}
      submitLabel="Reset Password"
    >
      <PasswordField label="New Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
    </RecoveryForm>
  )
}
