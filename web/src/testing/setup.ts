import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { reloadStores } from './session'
import { server } from './server'

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList
// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {}

// The first visit to a lazily loaded route compiles its module; on a busy two-core machine that
// alone can pass the library's default one second, so the find* queries wait up to five.
configure({ asyncUtilTimeout: 5_000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  toast.remove()
  localStorage.clear()
  sessionStorage.clear()
  reloadStores()
})
afterAll(() => server.close())
