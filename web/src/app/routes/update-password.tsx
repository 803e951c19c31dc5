import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { useLocation, useNavigate } from 'react-router'
import { PasswordField } from '@/components/ui/form-field'
import { useResetPassword } from '@/features/auth/api/auth-calls'
import { RecoveryForm } from '@/features/auth/components/recovery-form'
import { resetPasswordSchema, type ResetPasswordValues } from '@/features/auth/schemas'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'

/** What a refused reset says when the server gave no words of its own. */
const RESET_FAILED = 'Failed To Reset Password'

export default function UpdatePasswordPage() {
  const navigate = useNavigate()
  const resetPassword = useResetPassword({ message: serverMessage(RESET_FAILED) })
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
      await resetPassword.mutateAsync({ ...values, token })
      toast.success('Password Reset Successfully')
      navigate('/login')
    } catch (error) {
      const message = errorMessage(error, RESET_FAILED)
      // The reason in the mutation's toast, and beside the field it is about; a refused link's reason
      // beside the new password.
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
