import type { FocusEvent } from 'react'

/**
 * Whether the focus left `event.currentTarget` for somewhere else on the page (Tab out of a menu): a
 * dialog opened from inside (the logout question) does not count, nor does the focus just dropping
 * (a click on empty space, which the menus' own outside-click handling covers).
 */
export function focusLeft(event: FocusEvent<HTMLElement>, alsoInside?: HTMLElement | null): boolean {
  const next = event.relatedTarget
  if (!(next instanceof HTMLElement)) return false
  if (event.currentTarget.contains(next) || alsoInside?.contains(next)) return false
  return next.closest('[role="dialog"]') === null
}
