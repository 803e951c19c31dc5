import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { SelectField } from '@/components/ui/select-field'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { serverMessage } from '@/lib/query-client'
import { useInvitations, useInvite, useRevokeInvitation } from '../api/invitations'
import { inviteSchema, type InviteValues } from '../schemas'
import { COMPANY_ROLES, ROLE_NAMES } from '../types'

const subheadingClass = 'text-lg font-semibold text-gray-900'

const EMPTY: InviteValues = { email: '', role: 'recruiter' }

/**
 * docs/product.md#company-team, an owner's Invite form: an address the server takes (checked here with
 * its message) and a role, Recruiter at first. "Invitation sent" empties it for the next one; a
 * refusal (a member's address, too many invitations) shows under the address, which takes the focus.
 */
export function InviteForm() {
  const headingId = useId()
  const invite = useInvite(false)
  // Each invitation sent: once the emptied form is drawn, the address takes the focus for the next one.
  const [sent, setSent] = useState(0)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: EMPTY })

  const send = async (values: InviteValues) => {
    try {
      const { message } = await invite.mutateAsync({ email: values.email.trim(), role: values.role })
      toast.success(message)
      reset(EMPTY)
      setSent((count) => count + 1)
    } catch (error) {
      setError('email', { message: errorMessage(error, 'Could not send the invitation') }, { shouldFocus: true })
    }
  }

  useEffect(() => {
    if (sent > 0) setFocus('email')
  }, [sent, setFocus])

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={handleSubmit(send)} className="mt-6 border-t border-gray-200 pt-4">
      <h3 id={headingId} className={subheadingClass}>
        Invite someone
      </h3>
      <p className="mt-1 text-gray-800">They receive a link by e-mail that works once, for seven days.</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <FormField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {COMPANY_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={isSubmitting} className="sm:mt-7">
          Invite
        </Button>
      </div>
    </form>
  )
}

/** docs/product.md#company-team: the invitations still waiting, each with its role, its expiry and "Revoke". */
export function PendingInvitations() {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { data: invitations, error, isPending } = useInvitations({ errorToast: false })
  const revoke = useRevokeInvitation({ message: serverMessage('Could not revoke the invitation') })

  const revokeOne = async (invitationId: string) => {
    try {
      const { message } = await revoke.mutateAsync(invitationId)
      toast.success(message)
      // Its row (and the button that had the focus) is gone: the list's heading takes it.
      headingRef.current?.focus()
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <div className="mt-6 border-t border-gray-200 pt-4">
      <h3 ref={headingRef} tabIndex={-1} className={subheadingClass}>
        Pending invitations
      </h3>
      {isPending ? (
        <Spinner label="Loading the invitations..." />
      ) : !invitations ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load the invitations')}
        </p>
      ) : invitations.length === 0 ? (
        <p className="mt-2 text-gray-800">No invitations are waiting.</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-gray-200">
          {invitations.map((invitation) => (
            <li key={invitation._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-semibold text-gray-900">{invitation.email}</p>
                <p className="flex flex-wrap gap-x-4 text-sm text-gray-700">
                  <span>{ROLE_NAMES[invitation.role]}</span>
                  <span>Expires {formatDate(invitation.expiresAt)}</span>
                </p>
              </div>
              <Button
                variant="danger-outline"
                size="sm"
                aria-label={`Revoke the invitation to ${invitation.email}`}
                onClick={() => !revoke.isPending && void revokeOne(invitation._id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
