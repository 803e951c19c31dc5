import { useEffect, useEffectEvent, useId, useRef, useState, type RefObject } from 'react'
import { toast } from 'react-hot-toast'
import { Button } from '@/components/ui/button'
import { ConfirmationModal } from '@/components/ui/confirmation-modal'
import { inputClass } from '@/components/ui/form-field'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'
import { serverMessage } from '@/lib/query-client'
import { useCalendarFeed, useEndCalendarFeed, useMakeCalendarFeed } from '../api/calendar-feed'

export const EXPLANATION =
  'Subscribe your calendar (Google Calendar, Outlook, Apple Calendar) to your booked interviews: it shows each one and keeps up with changes within an hour.'
export const FEED_OFF = 'Your calendar feed is off.'
export const HOW_TO = 'In your calendar, add a calendar "From URL" (Google Calendar) or "Subscribe to calendar" (Outlook, Apple Calendar) and paste this address.'
export const KEEP_PRIVATE = 'Anyone who has this address can see your interviews: keep it private.'
export const COPIED = 'Calendar address copied'
export const NOT_COPIED = 'Could not copy the address: select it and copy it yourself'

/** Which question is open: a new address in place of this one, or the feed turned off. */
type Asking = 'renew' | 'off' | null

/** Where the focus goes once a change is drawn: the address field once it shows the new address, or the section's heading once the feed is off. */
type FocusTarget = { to: 'address'; url: string } | { to: 'heading' } | null

/** The address in a read-only field, described by how to subscribe and the warning, with Copy. */
function AddressField({ url, fieldRef }: { url: string; fieldRef: RefObject<HTMLInputElement | null> }) {
  const fieldId = useId()
  const howToId = useId()
  const warningId = useId()

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(COPIED)
    } catch {
      // No clipboard here (or it was refused): the address is selected for the person to copy.
      fieldRef.current?.focus()
      fieldRef.current?.select()
      toast.error(NOT_COPIED)
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-2">
      <label htmlFor={fieldId} className="block font-medium text-gray-900">
        Calendar address
      </label>
      <p id={howToId} className="text-sm text-gray-700">
        {HOW_TO}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={fieldRef}
          id={fieldId}
          type="text"
          readOnly
          value={url}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${howToId} ${warningId}`}
          className={`${inputClass} min-w-0 font-mono text-sm`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" className="shrink-0 self-start" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p id={warningId} className="rounded-md border border-amber-700 bg-amber-50 p-3 font-semibold text-gray-900">
        {KEEP_PRIVATE}
      </p>
    </div>
  )
}

/**
 * Settings' "Calendar feed" (docs/product.md#calendar-feed-settings), for Recruiter accounts: the
 * private address a calendar subscribes to for the recruiter's booked interviews
 * (docs/rules.md#calendar-feed). Off, it offers to make one; on, it shows the address with Copy, and
 * a new address or turning it off, each asked first since the address in use stops working at once.
 * Each change is the server's toast; a new address takes the focus, and turning off gives it to the
 * section's heading, the buttons that had it being gone.
 */
export function CalendarFeedSection() {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const fieldRef = useRef<HTMLInputElement>(null)
  const { data: url, error, isPending } = useCalendarFeed()
  const make = useMakeCalendarFeed({ message: serverMessage('Could not make a calendar address') })
  const end = useEndCalendarFeed({ message: serverMessage('Could not turn off the calendar feed') })
  const [asking, setAsking] = useState<Asking>(null)
  const focusTarget = useRef<FocusTarget>(null)
  const busy = make.isPending || end.isPending

  // The focus moves once what it goes to is drawn: at once when it is, else when the cache's change
  // (which may come a render after the answer) is drawn.
  const moveFocus = () => {
    const target = focusTarget.current
    const field = fieldRef.current
    if (target?.to === 'address' && field?.value === target.url) {
      focusTarget.current = null
      field.focus()
    } else if (target?.to === 'heading' && !field) {
      focusTarget.current = null
      headingRef.current?.focus()
    }
  }
  const moveFocusOnChange = useEffectEvent(moveFocus)
  useEffect(() => moveFocusOnChange(), [url])

  const focusOnceDrawn = (target: FocusTarget) => {
    focusTarget.current = target
    moveFocus()
  }

  const makeAddress = async () => {
    setAsking(null)
    try {
      const { message, url: made } = await make.mutateAsync()
      toast.success(message)
      if (made) focusOnceDrawn({ to: 'address', url: made })
    } catch {
      // The mutation's toast says it.
    }
  }

  const turnOff = async () => {
    setAsking(null)
    try {
      const { message } = await end.mutateAsync()
      toast.success(message)
      focusOnceDrawn({ to: 'heading' })
    } catch {
      // The mutation's toast says it.
    }
  }

  return (
    <Panel title="Calendar feed" headingRef={headingRef}>
      <p className="mt-2 text-gray-700">{EXPLANATION}</p>
      {isPending ? (
        <Spinner label="Loading your calendar feed..." />
      ) : url === undefined ? (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(error, 'Could not load your calendar feed')}
        </p>
      ) : url === null ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-gray-800">{FEED_OFF}</p>
          <Button loading={make.isPending} onClick={() => void makeAddress()}>
            Make a calendar address
          </Button>
        </div>
      ) : (
        <>
          <AddressField url={url} fieldRef={fieldRef} />
          {/* Not disabled while a change is under way, so the focus stays on them until the answer moves it. */}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button variant="neutral" onClick={() => !busy && setAsking('renew')}>
              Make a new address
            </Button>
            <Button variant="danger-outline" onClick={() => !busy && setAsking('off')}>
              Turn off
            </Button>
          </div>
        </>
      )}
      {asking === 'renew' && (
        <ConfirmationModal
          title="Make a new calendar address?"
          text="The address you have now stops working at once: calendars subscribed to it no longer get your interviews until you subscribe them to the new one."
          confirmLabel="Make a new address"
          cancelLabel="Cancel"
          onConfirm={() => void makeAddress()}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'off' && (
        <ConfirmationModal
          title="Turn off your calendar feed?"
          text="Its address stops working at once: calendars subscribed to it no longer get your interviews. You can make a new address later."
          confirmLabel="Turn off"
          cancelLabel="Cancel"
          onConfirm={() => void turnOff()}
          onCancel={() => setAsking(null)}
        />
      )}
    </Panel>
  )
}
