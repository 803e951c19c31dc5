import { useEffect, useState, type ReactNode } from 'react'
import { SPLASH_MS_LANDING, SPLASH_MS_OTHER, SPLASH_SEEN_KEY } from '@/lib/constants'

function splashDuration(): number {
  if (sessionStorage.getItem(SPLASH_SEEN_KEY)) return 0
  return window.location.pathname === '/' ? SPLASH_MS_LANDING : SPLASH_MS_OTHER
}

/** Shows the logo once per browser session before the app (SPEC section 9). */
export function SplashGate({ children }: { children: ReactNode }) {
  const [duration] = useState(splashDuration)
  const [done, setDone] = useState(duration === 0)

  useEffect(() => {
    if (done) return
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1')
    const timer = setTimeout(() => setDone(true), duration)
    return () => clearTimeout(timer)
  }, [done, duration])

  if (done) return children
  return (
    <main className="flex min-h-screen items-center justify-center bg-white">
      <div role="status" className="flex flex-col items-center gap-4">
        <img src="/logo.svg" alt="" width={96} height={96} className="animate-pulse motion-reduce:animate-none" />
        <p className="text-2xl font-bold text-blue-800">jobportal</p>
        <span className="sr-only">Loading...</span>
      </div>
    </main>
  )
}
