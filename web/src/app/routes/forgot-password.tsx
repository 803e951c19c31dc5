import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { FormField } from '@/components/ui/form-field'
import { useRequestPasswordReset } from '@/features/auth/api/auth-calls'
import { RecoveryForm } from '@/features/auth/components/recovery-form'
import { forgotPasswordSchema, type ForgotPasswordValues } from '@/features/auth/schemas'

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  // A failure's toast says these words, whatever the server said.
  const requestPasswordReset = useRequestPasswordReset({ message: () => 'Failed To Send Reset Email' })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } })

  const send = async ({ email }: ForgotPasswordValues) => {
    try {
      await requestPasswordReset.mutateAsync(email.trim())
      toast.success('Reset Email Sent')
      setSentTo(email.trim())
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <RecoveryForm
      title={sentTo ? 'Check email' : 'Reset your password'}
      documentTitle={sentTo ? 'Check email' : 'Forgot Password'}
      intro={
        sentTo
          ? `We have sent the reset email to ${sentTo}`
          : "Have no fear. We'll email you instructions to reset your password. If you don't have access to your email we can try account recovery."
      }
      onSubmit={handleSubmit(send)}
      busy={isSubmitting}
      submitLabel={sentTo ? 'Resend Email' : 'Submit'}
    >
      {!sentTo && <FormField label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />}
    </RecoveryForm>
  )
}
