import { useEffect, useState, type ReactNode } from 'react'
import { SPLASH_MS, SPLASH_SEEN_KEY } from '@/lib/constants'

/** Once per browser session, and never for someone who asked their system for less motion. */
function splashWanted(): boolean {
  if (sessionStorage.getItem(SPLASH_SEEN_KEY)) return false
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/**
 * The app at once, with the logo (docs/product.md#splash) fading out over it: the splash is decoration, so it
 * never holds back the page's first paint, never takes a click or a key (no pointer events, hidden
 * from assistive technology) and is gone within SPLASH_MS.
 */
export function SplashGate({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const [shown, setShown] = useState(() => enabled && splashWanted())
  const [fading, setFading] = useState(false)

  useEffect(() => {
    if (!shown) return
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1')
    // The first frame paints the logo; the fade starts from there.
    const frame = requestAnimationFrame(() => setFading(true))
    const timer = setTimeout(() => setShown(false), SPLASH_MS)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [shown])

  return (
    <>
      {children}
      {shown && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white"
          style={{ pointerEvents: 'none', opacity: fading ? 0 : 1, transition: `opacity ${SPLASH_MS}ms ease-out` }}
        >
          <img src="/logo.svg" alt="" width={96} height={96} />
          <p className="text-2xl font-bold text-blue-800">jobportal</p>
        </div>
      )}
    </>
  )
}
