import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type RefObject } from 'react'
import { toast } from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { inputClass } from '@/components/ui/form-field'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { formatDate } from '@/lib/format'
import { useLeaveCompany, useRemoveMember, useSetRole, useTeam } from '../api/team'
import { COMPANY_ROLES, memberName, ROLE_NAMES, type Company, type CompanyRole, type Member } from '../types'
import { InviteForm, PendingInvitations } from './invitations'

const subheadingClass = 'text-lg font-semibold text-gray-900'

/**
 * An owner's role select for one member: a change is saved at once ("Role updated"); a refusal (the
 * last owner keeping the role) shows under it, read with it, and the select goes back to the role
 * the member has.
 */
function RoleSelect({ member, onSaved }: { member: Member; onSaved: () => void }) {
  const id = useId()
  const errorId = `${id}-error`
  const setRole = useSetRole(false)
  // The role chosen while it is being saved; the member's own once the server has answered.
  const [chosen, setChosen] = useState<CompanyRole | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const change = async (role: CompanyRole) => {
    setChosen(role)
    setProblem(null)
    try {
      const { message } = await setRole.mutateAsync({ userId: member.userId, role })
      toast.success(message)
      onSaved()
    } catch (error) {
      setProblem(errorMessage(error, 'Could not change the role'))
    } finally {
      setChosen(null)
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">
        Role <span className="sr-only">of {memberName(member)}</span>
      </label>
      <select
        id={id}
        value={chosen ?? member.role}
        onChange={(event) => void change(event.target.value as CompanyRole)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className={inputClass}
      >
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </select>
      {problem && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  )
}

type MemberRowProps = { member: Member; me: boolean; owner: boolean; onRemove: (member: Member) => void; onRoleSaved: () => void }

/** One member: name, e-mail and joined date; their role, which an owner changes; an owner's Remove for anyone else. */
function MemberRow({ member, me, owner, onRemove, onRoleSaved }: MemberRowProps) {
  const name = memberName(member)
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">
          {name}
          {me && <span className="font-normal text-gray-700"> (you)</span>}
        </p>
        <p className="break-all text-gray-800">{member.email}</p>
        <p className="text-sm text-gray-700">Joined {formatDate(member.joinedAt)}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {owner ? (
          <RoleSelect member={member} onSaved={onRoleSaved} />
        ) : (
          <p className="text-gray-800">
            Role: <span className="font-semibold">{ROLE_NAMES[member.role]}</span>
          </p>
        )}
        {owner && !me && (
          // Not disabled while a removal is under way, so the focus stays on it until the answer moves it.
          <Button variant="danger-outline" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(member)}>
            Remove
          </Button>
        )}
      </div>
    </li>
  )
}

/** The members, first to join first; an owner changes their roles and removes them. */
function Members({ company, owner, headingRef }: { company: Company; owner: boolean; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { userId } = useSession()
  const { data: members, error, isPending } = useTeam({ errorToast: false })
  const remove = useRemoveMember(false)
  const [toRemove, setToRemove] = useState<Member | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const confirmRemove = async () => {
    if (!toRemove) return
    const member = toRemove
    setToRemove(null)
    setProblem(null)
    try {
      const { message } = await remove.mutateAsync(member.userId)
      toast.success(message)
      // The member's row (and the button that had the focus) is gone: the list's heading takes it.
      headingRef.current?.focus()
    } catch (failure) {
      setProblem(errorMessage(failure, 'Could not remove the member'))
    }
  }

  return (
    <>
      <h3 ref={headingRef} tabIndex={-1} className={`mt-4 ${subheadingClass}`}>
        Members
      </h3>
      {problem && (
        <p role="alert" className="mt-2 text-red-700">
          {problem}
        </p>
      )}
      {isPending ? (
        <Spinner label="Loading the team..." />
      ) : !members ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load the team')}
        </p>
      ) : (
        <ul aria-label="Members" className="divide-y divide-gray-200">
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              me={member.userId === userId}
              owner={owner}
              onRemove={(chosen) => !remove.isPending && setToRemove(chosen)}
              // An owner who gave up the role reads the team from now on: the focus goes to its heading, not to the page.
              onRoleSaved={() => {
                if (member.userId === userId) headingRef.current?.focus()
              }}
            />
          ))}
        </ul>
      )}
      {toRemove && (
        <ConfirmationModal
          title={`Remove ${memberName(toRemove)}?`}
          text={`${memberName(toRemove)} will lose access to ${company.name} at once and be logged out; the jobs they are in charge of, with their applications, pass to you.`}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          onConfirm={() => void confirmRemove()}
          onCancel={() => setToRemove(null)}
        />
      )}
    </>
  )
}

/** "Leave company", for any member, asked first; the person stays logged in and goes to My Profile. */
function LeaveCompany({ company }: { company: Company }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const leave = useLeaveCompany(false)
  const errorId = useId()
  const [asking, setAsking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const confirmLeave = async () => {
    setAsking(false)
    setProblem(null)
    try {
      const { message } = await leave.mutateAsync()
      toast.success(message)
      // Off this screen first, so what it showed is not fetched again for a company the person has left.
      await navigate('/dashboard/my-profile')
      await queryClient.invalidateQueries()
    } catch (failure) {
      setProblem(errorMessage(failure, 'Could not leave the company'))
    }
  }

  return (
    <div className="mt-6 border-t border-gray-200 pt-4">
      {/* Not disabled while leaving, so the focus stays on it should the server refuse. */}
      <Button variant="danger-outline" onClick={() => !leave.isPending && setAsking(true)} aria-describedby={problem ? errorId : undefined}>
        Leave company
      </Button>
      {problem && (
        <p id={errorId} role="alert" className="mt-2 text-red-700">
          {problem}
        </p>
      )}
      {asking && (
        <ConfirmationModal
          title={`Leave ${company.name}?`}
          text={`You will no longer see ${company.name}'s jobs or candidates; the jobs you are in charge of pass to one of its owners. You stay logged in.`}
          confirmLabel="Leave"
          cancelLabel="Cancel"
          onConfirm={() => void confirmLeave()}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  )
}

/**
 * docs/product.md#company-team: the company's members for every member, and "Leave company". Its
 * owners change roles, remove members, invite by e-mail and revoke the invitations still waiting;
 * anyone else reads the team.
 */
export function TeamSection({ company, role }: { company: Company; role: CompanyRole }) {
  const owner = role === 'owner'
  const membersHeading = useRef<HTMLHeadingElement>(null)
  return (
    <Panel title="Team">
      {!owner && <p className="mt-2 text-gray-800">Only your company's owners can change roles and invite people.</p>}
      <Members company={company} owner={owner} headingRef={membersHeading} />
      {owner && (
        <>
          <InviteForm />
          <PendingInvitations />
        </>
      )}
      <LeaveCompany company={company} />
    </Panel>
  )
}
