import { useEffect, useEffectEvent, useState } from 'react'

/** How long typing pauses before a box's value is searched. */
export const TYPING_PAUSE_MS = 300

const trimmed = (typed: string) => typed.trim()

/**
 * A box whose value is applied after a pause in typing, or at once with `applyNow` (Enter). The box
 * holds what is typed, the address what was applied (`read` turns the one into the other, undefined
 * while it is no value to apply). When the address changes by other means (back, a link), the box
 * follows it, unless they differ only by what `read` ignores, like spaces still being typed.
 */
export function useTyped(applied: string, apply: (value: string) => void, read: (typed: string) => string | undefined = trimmed) {
  const [typed, setTyped] = useState(applied)
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    if (read(typed) !== applied) setTyped(applied)
  }
  const value = read(typed)
  // `apply` reads the address when it runs, so only the typed and the applied values restart the pause.
  const onPause = useEffectEvent(apply)
  useEffect(() => {
    if (value === undefined || value === applied) return
    const timer = setTimeout(() => onPause(value), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [value, applied])
  const applyNow = () => {
    if (value !== undefined && value !== applied) apply(value)
  }
  return { typed, setTyped, applyNow }
}
