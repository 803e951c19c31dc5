import { useSyncExternalStore } from 'react'

/** Tailwind's `lg` breakpoint: at and above it a screen is laid out for a desktop. */
export const DESKTOP = '(min-width: 64rem)'

/** Whether the media query matches, following it as the window changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    () => window.matchMedia(query).matches,
  )
}
