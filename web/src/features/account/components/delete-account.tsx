import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/form-field'
import { Modal } from '@/components/ui/modal'
import { Panel } from '@/components/ui/panel'
import { errorMessage, FALLBACK_MESSAGE } from '@/lib/api-client'
import { useEndSession, type AnyAccountType } from '@/lib/auth'
import { unsubscribeThisBrowser } from '@/lib/pwa/push-subscription'
import { z } from '@/lib/zod'
import { useDeleteAccount } from '../api/account'

/** The toast on /, once the account is gone. */
export const ACCOUNT_DELETED = 'Your account has been deleted'

const confirmSchema = z.object({ password: z.string().check(z.minLength(1, 'Please enter your password.')) })
type ConfirmValues = z.infer<typeof confirmSchema>

/**
 * The password that confirms the deletion. The server's refusal (a wrong password, the last Admin)
 * is read out in the dialog, which stays open; once deleted, the session ends here as a logout's does
 * (this browser's push subscription too) and the person lands on / with "Your account has been deleted".
 */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const textId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const remove = useDeleteAccount()
  const endSession = useEndSession()
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmValues>({ resolver: zodResolver(confirmSchema), defaultValues: { password: '' } })

  const submit = async ({ password }: ConfirmValues) => {
    setRefusal(null)
    try {
      await remove.mutateAsync(password)
    } catch (error) {
      setRefusal(errorMessage(error, FALLBACK_MESSAGE))
      setFocus('password', { shouldSelect: true })
      return
    }
    // The server forgot every device of the account; this browser's subscription ends as well.
    void unsubscribeThisBrowser()
    await endSession(ACCOUNT_DELETED)
  }

  return (
    <Modal title="Delete your account?" onClose={onClose} descriptionId={textId}>
      <p id={textId} className="mt-2 text-gray-700">
        This cannot be undone. Enter your password to confirm.
      </p>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 flex flex-col gap-4">
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div role="alert">{refusal && <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-strong">{refusal}</p>}</div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="submit" variant="danger" loading={isSubmitting}>
            Delete my account
          </Button>
          <Button variant="neutral" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/**
 * Settings' "Delete my account" (docs/product.md#delete-my-account): what goes and what stays, in
 * plain words for this account type, and the button that asks for the password first.
 */
export function DeleteAccountSection({ accountType }: { accountType: AnyAccountType }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <Panel title="Delete my account">
      <p className="mt-2 text-gray-700">Deleting your account is final. It removes:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-800">
        <li>your account and your profile</li>
        {accountType === 'Applicant' && (
          <>
            <li>your resume</li>
            <li>your applications, which leave the recruiters&apos; lists</li>
            <li>your saved jobs and saved searches</li>
          </>
        )}
        {accountType === 'Recruiter' && <li>your jobs, and the applications to them</li>}
        <li>your notifications and your messages</li>
      </ul>
      <p className="mt-2 text-gray-700">
        What is kept: the admin audit log keeps that an action happened, not its content. Download your data first if you want a
        copy.
      </p>
      <Button variant="danger-outline" className="mt-4" onClick={() => setConfirming(true)}>
        Delete my account…
      </Button>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </Panel>
  )
}
