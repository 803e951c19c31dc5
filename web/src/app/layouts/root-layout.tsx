import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap'
import { Footer } from './footer'
import { Header } from './header'
import { RouteFocus } from './route-focus'

export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only rounded bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50"
    >
      Skip to main content
    </a>
  )
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900">
      <SessionBootstrap />
      <RouteFocus />
      <SkipLink />
      <Header />
      {/* A full screen tall, so the footer starts below the fold and never jumps when a page's data arrives. */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}
