import { Fragment, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { ReasonDialog } from './reason-dialog'

/** One line of a card's facts: "E-mail ann@example.com". */
export type Fact = {
  term: string
  description: ReactNode
  /** Lets a long unbroken value (an e-mail, an id) wrap anywhere. */
  breakAll?: boolean
}

type CardProps = {
  /** The card's heading, which names it. */
  title: ReactNode
  /** Beside the title: the state in words. */
  badge: ReactNode
  /** Under the title, before the facts. */
  subtitle?: ReactNode
  facts: Fact[]
  /** Why the item is restricted, and since when ("Hidden on 5 March 2026: Spam"); nothing while it is not. */
  notice?: ReactNode
  /** Under the facts: the action that restricts the item or lifts it. */
  children?: ReactNode
}

/** A list item of an Admin's list (an account, a job, a company): its title and state, its facts, and why it is restricted. */
export function ModeratedCard({ title, badge, subtitle, facts, notice, children }: CardProps) {
  const headingId = useId()
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-gray-900">
            {title}
          </h3>
          {badge}
        </div>
        {subtitle !== undefined && <p className="text-gray-700">{subtitle}</p>}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
          {facts.map(({ term, description, breakAll }) => (
            <Fragment key={term}>
              <dt className="font-medium">{term}</dt>
              <dd className={breakAll ? 'break-all' : undefined}>{description}</dd>
            </Fragment>
          ))}
        </dl>
        {notice && <p className="mt-2 rounded-md border border-danger bg-danger-soft p-2 text-sm break-words text-danger-strong">{notice}</p>}
        {children}
      </article>
    </li>
  )
}

type ToggleProps = {
  /** Whether the item is restricted now (suspended, hidden): the button then lifts it. */
  restricted: boolean
  /** The button's word that restricts ("Suspend"), and the one that lifts ("Reinstate"). */
  labels: { restrict: string; lift: string }
  /** What the button acts on, in its accessible name: "Suspend ann@example.com". */
  subject: string
  /** The lifting call is under way. */
  lifting: boolean
  /** Lifts the restriction; the server's message is shown in a toast. */
  onLift: () => Promise<{ message: string }>
  /** Where the focus goes once the restriction is lifted, when not back to the button. */
  liftedFocus?: RefObject<HTMLElement | null>
  /** The dialog that asks for the reason of a restriction. */
  dialog: { title: string; text: string; confirmLabel: string }
  /** Restricts the item for the reason given; the server's message is shown in a toast. */
  onRestrict: (reason: string) => Promise<{ message: string }>
  /** The item's other actions, in the same row before this button. */
  before?: ReactNode
}

/** The button that restricts an item with a reason, asked in a dialog, or lifts its restriction at once. */
export function ModerationToggle({ restricted, labels, subject, lifting, onLift, liftedFocus, dialog, onRestrict, before }: ToggleProps) {
  const [asking, setAsking] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const label = restricted ? labels.lift : labels.restrict

  const lift = async () => {
    try {
      const { message } = await onLift()
      toast.success(message)
      // The button was busy (and so lost the focus): the focus goes to `liftedFocus`, or back to the button, which now offers the restriction again.
      const next = liftedFocus ?? toggleRef
      next.current?.focus()
    } catch {
      // The mutation's toast says it (lib/query-client).
      toggleRef.current?.focus()
    }
  }

  return (
    <>
      <div className="mt-3 flex flex-wrap gap-2">
        {before}
        <Button
          ref={toggleRef}
          variant={restricted ? 'neutral' : 'danger-outline'}
          size="sm"
          loading={lifting}
          aria-label={`${label} ${subject}`}
          onClick={() => (restricted ? void lift() : setAsking(true))}
        >
          {label}
        </Button>
      </div>
      {asking && (
        <ReasonDialog
          {...dialog}
          onClose={() => setAsking(false)}
          onSubmit={async (reason) => {
            const { message } = await onRestrict(reason)
            toast.success(message)
            setAsking(false)
          }}
        />
      )}
    </>
  )
}
