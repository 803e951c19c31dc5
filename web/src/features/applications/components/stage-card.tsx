import { useEffect, useEffectEvent, useId, useRef, type DragEvent } from 'react'
import { Button } from '@/components/ui/button'
import { formatShortDate } from '@/lib/format'
import { applicantName } from '../applicant-name'
import { isFinal, type Stage } from '../stages'
import type { Application } from '../types'
import { ratingText } from './rating'
import { RequirementsBadge } from './requirements-badge'
import { CARD_BUTTON, StageMove } from './stage-move'

type Props = {
  application: Application
  /** A move of this card is under way. */
  moving: boolean
  /** The focus belongs here now (after a move, or a move given up): on "Move", or the card itself once final. */
  focusNow: boolean
  onFocused: () => void
  onMove: (stage: Stage) => void
  onDragStart: () => void
  onDragEnd: () => void
  onDetails: () => void
  /** Opens the conversation with the applicant, when the page offers it. */
  onMessages?: () => void
}

export const DRAG_TYPE = 'text/plain'

/**
 * One application on the board: who, the requirements met, rating, notes and when (the answers are
 * in its Details); draggable, with "Move", "Details" and "Messages" for the keyboard.
 */
export function StageCard({ application, moving, focusNow, onFocused, onMove, onDragStart, onDragEnd, onDetails, onMessages }: Props) {
  const headingId = useId()
  const name = applicantName(application)
  const movable = !isFinal(application.stage)
  const cardRef = useRef<HTMLElement>(null)
  const moveRef = useRef<HTMLButtonElement>(null)

  const takeFocus = useEffectEvent(() => {
    ;(moveRef.current ?? cardRef.current)?.focus()
    onFocused()
  })
  useEffect(() => {
    if (focusNow) takeFocus()
  }, [focusNow])

  const startDrag = (event: DragEvent) => {
    event.dataTransfer?.setData(DRAG_TYPE, application._id)
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
    onDragStart()
  }

  const notes = application.notesCount ?? 0
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      draggable={movable && !moving}
      onDragStart={movable ? startDrag : undefined}
      onDragEnd={onDragEnd}
      className={`rounded-md border border-gray-300 bg-white p-3 shadow-sm xl:p-1.5 focus:outline-3 focus:outline-offset-2 focus:outline-primary ${movable ? 'cursor-grab active:cursor-grabbing' : ''}`}
    >
      {/* In the desktop's narrow column a long name is cut short after two lines; the heading still holds
          all of it, which names the card for assistive technology, and the pointer shows it whole. */}
      <h3 id={headingId} title={name} className="font-semibold break-words text-gray-900 xl:line-clamp-2 xl:text-sm">
        {name}
      </h3>
      <RequirementsBadge requirements={application.requirements} className="mt-1" compact />
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-gray-700 xl:grid-cols-1 xl:text-xs">
        <dt className="font-medium">Rating</dt>
        <dd>{ratingText(application.rating)}</dd>
        <dt className="font-medium">Notes</dt>
        <dd>{notes}</dd>
        <dt className="font-medium">Applied</dt>
        <dd>
          <time dateTime={application.dateOfApplication}>{formatShortDate(application.dateOfApplication)}</time>
        </dd>
      </dl>
      <div className="mt-2 flex flex-wrap items-start gap-2 xl:flex-col xl:items-stretch xl:gap-1">
        {movable && <StageMove ref={moveRef} name={name} stage={application.stage} busy={moving} onMove={onMove} />}
        <Button variant="neutral" size="sm" className={CARD_BUTTON} aria-label={`Details of ${name}`} onClick={onDetails}>
          Details
        </Button>
        {onMessages && (
          <Button variant="neutral" size="sm" className={CARD_BUTTON} aria-label={`Messages with ${name}`} onClick={onMessages}>
            Messages
          </Button>
        )}
      </div>
    </article>
  )
}
