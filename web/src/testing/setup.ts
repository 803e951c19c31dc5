import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { resetConnection } from './connection'
import { reloadStores } from './session'
import { server } from './server'

/** Whether a window `width` pixels wide matches the width conditions of `query` (rem are 16px; nothing else matches). */
function widthMatches(query: string, width: number) {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem)\)/g)]
  return conditions.length > 0 && conditions.every(([, bound, size, unit]) => {
    const pixels = Number(size) * (unit === 'rem' ? 16 : 1)
    return bound === 'min' ? width >= pixels : width <= pixels
  })
}

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion, and the screens that
// lay out a phone apart ask it for the width, which a test sets with window.innerWidth (jsdom's is 1024).
window.matchMedia ??= (query: string) =>
  ({
    matches: widthMatches(query, window.innerWidth),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList
// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {}

// The first visit to a lazily loaded route compiles its module; on a busy two-core machine that
// alone can pass the library's default one second, so the find* queries wait up to five.
configure({ asyncUtilTimeout: 5_000 })

const JSDOM_WIDTH = window.innerWidth

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  toast.remove()
  localStorage.clear()
  sessionStorage.clear()
  reloadStores()
  resetConnection()
  window.innerWidth = JSDOM_WIDTH
})
afterAll(() => server.close())
