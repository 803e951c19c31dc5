import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

const FIELDS = 'input, textarea, select'

/**
 * After a move to another page (not the first load, and not a change of the search alone, which a
 * search box makes while someone types) the focus goes to the new page's main heading, as a screen
 * reader user expects, and the page's title is announced. A field the new page focused itself (the
 * first code box), or a dialog still open, keeps the focus. The heading may arrive with the page's
 * data, so it is waited for.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const first = useRef(true)
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    let frame = 0
    const started = performance.now()
    const move = () => {
      const main = document.getElementById('main-content')
      const active = document.activeElement
      if (main && active && main.contains(active) && active.matches(FIELDS)) return
      // A dialog still open on the new page (a category's filters, choosing another category) keeps it.
      if (active?.closest('[role="dialog"]')) return
      const heading = main?.querySelector<HTMLElement>('h1')
      if (!heading && performance.now() - started < 2_000) {
        frame = requestAnimationFrame(move)
        return
      }
      const target = heading ?? main
      if (!target) return
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: false })
      setAnnouncement(document.title)
    }
    frame = requestAnimationFrame(move)
    return () => cancelAnimationFrame(frame)
  }, [pathname])

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  )
}
