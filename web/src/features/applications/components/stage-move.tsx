import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import { Button } from '@/components/ui/button'
import { focusLeft } from '@/lib/focus'
import { moveTargets, STAGE_NAMES, type Stage } from '../stages'

/** A card's button in the desktop's narrow columns: the card's width, its label smaller so it fits. */
export const CARD_BUTTON = 'xl:w-full xl:px-1 xl:text-sm'

type Props = {
  name: string
  stage: Stage
  /** A move of this card is under way. */
  busy: boolean
  onMove: (stage: Stage) => void
  /** The toggle, where the focus goes back after a move. */
  ref?: Ref<HTMLButtonElement>
}

/**
 * The way to move a card without dragging it (WCAG 2.2 2.5.7): "Move" opens a list of the stages it
 * may go to, each a button; Escape closes it and the focus returns to "Move".
 */
export function StageMove({ name, stage, busy, onMove, ref }: Props) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const toggle = useRef<HTMLButtonElement | null>(null)
  const targets = moveTargets(stage)
  if (targets.length === 0) return null

  const setRefs = (element: HTMLButtonElement | null) => {
    toggle.current = element
    if (typeof ref === 'function') ref(element)
    else if (ref) ref.current = element
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setOpen(false)
    toggle.current?.focus()
  }

  return (
    <div
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (focusLeft(event)) setOpen(false)
      }}
    >
      <Button
        ref={setRefs}
        variant="secondary"
        size="sm"
        className={CARD_BUTTON}
        loading={busy}
        aria-label={`Move ${name}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        Move…
      </Button>
      <ul id={listId} hidden={!open} aria-label={`Move ${name} to`} className="mt-2 flex flex-wrap gap-2 xl:mt-1 xl:flex-col xl:gap-1">
        {targets.map((target) => (
          <li key={target}>
            <Button
              variant="neutral"
              size="sm"
              className={CARD_BUTTON}
              onClick={() => {
                setOpen(false)
                onMove(target)
              }}
            >
              {STAGE_NAMES[target]}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
