/**
 * What a push message shows and opens, read by the service worker (src/sw.ts). The server sends
 * `{ title, body, url, tag }` as JSON; anything else shows the generic notice, and a link that is
 * not a path of this site opens the dashboard. Plain logic, no worker types: the unit tests run it.
 */
export type PushNotice = {
  title: string
  body: string
  /** A path of the app, from `/`. */
  url: string
  /** Notices of one tag replace each other; none: each stays. */
  tag?: string
}

/** Where a notice without a usable link sends a person. */
export const FALLBACK_URL = '/dashboard'

/** Shown for a push without a payload the app can read. */
export const FALLBACK_NOTICE: PushNotice = {
  title: 'jobportal',
  body: 'Something new is waiting for you.',
  url: FALLBACK_URL,
}

/**
 * `url` as a path of the site at `origin` (path, query and fragment), or the fallback: only a
 * path from `/` that stays on this origin (not `//elsewhere`, `/\elsewhere` or a full address).
 */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return FALLBACK_URL
  let resolved: URL
  try {
    resolved = new URL(url, origin)
  } catch {
    return FALLBACK_URL
  }
  if (resolved.origin !== new URL(origin).origin) return FALLBACK_URL
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}

/** The notice a push's text asks for: its title and body, a safe link and its tag; the generic notice when the text is not one. */
export function readPush(text: string | null | undefined, origin: string): PushNotice {
  if (!text) return FALLBACK_NOTICE
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return FALLBACK_NOTICE
  }
  if (typeof payload !== 'object' || payload === null) return FALLBACK_NOTICE
  const { title, body, url, tag } = payload as Record<string, unknown>
  if (typeof title !== 'string' || title.trim() === '' || typeof body !== 'string') return FALLBACK_NOTICE
  const notice: PushNotice = { title, body, url: appPath(url, origin) }
  if (typeof tag === 'string' && tag !== '') notice.tag = tag
  return notice
}

/** The part of a window client the choice reads. */
export type OpenWindow = { focused: boolean; visibilityState: DocumentVisibilityState }

/** The window a notice's link opens in: the focused one, else one in sight, else any; none when none is open. */
export function windowFor<W extends OpenWindow>(windows: readonly W[]): W | undefined {
  return windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0]
}
