import { useId, useRef, useState } from 'react'
import { toast } from 'react-hot-toast'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { Spinner } from '@/components/ui/spinner'
import { textLinkClass } from '@/features/auth/components/auth-layout'
import type { LoginState } from '@/features/auth/destination'
import { useAcceptInvitation, useInvitation } from '@/features/companies/api/invitations'
import { ROLE_WORDS, type InvitationDetails } from '@/features/companies/types'
import { errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { formatDate } from '@/lib/format'
import { withNext } from '@/lib/next-page'

const FAILURE = 'Could not load this invitation'

/** A Recruiter's "Accept invitation": "You joined {company}" and on to the Company screen, or the server's refusal in place. */
function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate()
  const accept = useAcceptInvitation(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const errorId = useId()
  const [problem, setProblem] = useState<string | null>(null)

  const acceptIt = async () => {
    setProblem(null)
    try {
      const { message } = await accept.mutateAsync(token)
      toast.success(message)
      await navigate('/dashboard/company')
    } catch (error) {
      setProblem(errorMessage(error, 'Could not accept the invitation'))
      // The button was disabled while the answer came, which drops the focus to the page: it comes back here, beside the reason.
      if (document.activeElement === null || document.activeElement === document.body) buttonRef.current?.focus()
    }
  }

  return (
    <>
      <Button ref={buttonRef} loading={accept.isPending} onClick={() => void acceptIt()} aria-describedby={problem ? errorId : undefined}>
        Accept invitation
      </Button>
      {problem && (
        <p id={errorId} role="alert" className="mt-4 text-red-700">
          {problem}
        </p>
      )}
    </>
  )
}

/** What the person can do with the invitation: a guest logs in or signs up first, a Recruiter accepts, another account cannot. */
function InvitationActions({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const { pathname } = useLocation()
  const { loggedIn, accountType } = useSession()
  if (!loggedIn) {
    // Login fills in the invited address; both come back here afterwards.
    const loginState: LoginState = { email: invitation.email }
    return (
      <>
        <p className="text-gray-800">Log in with that address, or sign up as a recruiter with it, to accept.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={withNext('/login', pathname)} state={loginState}>
            Log in to accept
          </ButtonLink>
          <ButtonLink to={withNext('/signup', pathname)} variant="secondary">
            Sign up to accept
          </ButtonLink>
        </div>
      </>
    )
  }
  if (accountType === null) return <Spinner label="Loading your account..." />
  if (accountType !== 'Recruiter') return <p className="text-gray-800">Invitations are accepted with a Recruiter account.</p>
  return <AcceptInvitation token={token} />
}

/**
 * docs/product.md#invitation: an invitation's link (`/invitations/{token}`), for anyone holding it. It
 * names the company, the role and the address it was sent to, and leads to accepting it; a used,
 * revoked or expired link says the server's message.
 */
export default function InvitationPage() {
  const { token = '' } = useParams()
  // A failure is said in place of the invitation, not in a toast as well.
  const { data: invitation, error, isPending } = useInvitation(token, false)

  if (!invitation) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <title>Invitation | jobportal</title>
        <h1 className="text-3xl font-bold text-gray-900">Invitation</h1>
        {isPending ? (
          <Spinner label="Loading the invitation..." />
        ) : (
          <>
            <p role="alert" className="mt-4 text-red-700">
              {errorMessage(error, FAILURE)}
            </p>
            <p className="mt-6 text-gray-800">
              Ask whoever invited you for a new link, or{' '}
              <Link to="/jobs" className={textLinkClass}>
                browse jobs
              </Link>
              .
            </p>
          </>
        )}
      </section>
    )
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <title>{`Join ${invitation.companyName} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">
        {invitation.companyName} invited you to join as {ROLE_WORDS[invitation.role]}
      </h1>
      <p className="mt-4 text-gray-800">
        The invitation was sent to <strong className="break-all">{invitation.email}</strong> and works until{' '}
        {formatDate(invitation.expiresAt)}.{' '}
        <Link to={`/company/${encodeURIComponent(invitation.companySlug)}`} className={textLinkClass}>
          About {invitation.companyName}
        </Link>
      </p>
      <div className="mt-6">
        <InvitationActions token={token} invitation={invitation} />
      </div>
    </section>
  )
}
