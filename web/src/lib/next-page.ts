/**
 * The page a person was heading for when a login was asked of them (docs/product.md#login): a job to
 * apply to, Add Job, the dashboard page a session expired on. It travels as one thing only, the
 * `next` query parameter, through Login, Signup and Verify Email (and Settings, back from a resume
 * upload), and is followed only when it is a path of this site.
 */
export const NEXT_PARAM = 'next'

/**
 * Any character below a space (tab, new line, ...) or DEL: the URL parser drops some of them, so
 * "/\t/evil.example" would become "//evil.example", another site.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** A `next` address to return to: a path of this site only ("/x", never "//x", "/\x" or a URL). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || CONTROL.test(next)) return null
  // Whatever the browser would make of it must still be this site.
  const base = 'https://this-site.invalid'
  try {
    if (new URL(next, base).origin !== base) return null
  } catch {
    return null
  }
  return next
}

/**
 * `path` with `next` as its `next` parameter (when `next` is a safe one): /login?next=/job/j1. The
 * slashes stay readable; anything else that means something in a query is escaped.
 */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNext(next)
  return safe ? `${path}?${NEXT_PARAM}=${encodeURIComponent(safe).replace(/%2F/gi, '/')}` : path
}
