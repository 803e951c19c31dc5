/**
 * The API answers a public page arrived with (docs/product.md#content-before-script): the server
 * writes a page's content into the HTML it sends and puts the answers its screen asks for first in
 * `<script type="application/json" id="page-data">`, each as `{ url, body }`. The first request
 * for one of them is answered from the page instead of the network, once, and only while the page
 * is new, so nothing kept here is ever shown stale.
 */
export type PageAnswer = { url: string; body: unknown }

/** How long after the page loaded its answers are still taken. */
export const PAGE_ANSWER_MS = 10_000

let answers: PageAnswer[] | null = null

function isAnswer(value: unknown): value is PageAnswer {
  return typeof value === 'object' && value !== null && typeof (value as PageAnswer).url === 'string' && 'body' in value
}

/** The page's answers, read once (a page without them, or with a broken list, has none). */
function pageAnswers(): PageAnswer[] {
  if (answers === null) {
    const element = document.getElementById('page-data')
    try {
      const parsed: unknown = element?.textContent ? JSON.parse(element.textContent) : []
      answers = Array.isArray(parsed) ? parsed.filter(isAnswer) : []
    } catch {
      answers = []
    }
  }
  return answers
}

/** The same path and the same parameters, in any order. */
function sameRequest(url: URL, other: URL) {
  const params = (u: URL) => [...u.searchParams].map(([key, value]) => `${key}=${value}`).sort().join('&')
  return url.pathname === other.pathname && params(url) === params(other)
}

/** The answer the page arrived with for this GET, taken (no later request gets it). */
export function takePageAnswer(url: string, now = performance.now()): unknown {
  const list = pageAnswers()
  if (list.length === 0) return undefined
  if (now > PAGE_ANSWER_MS) {
    list.length = 0
    return undefined
  }
  const wanted = new URL(url, window.location.origin)
  const at = list.findIndex((answer) => sameRequest(new URL(answer.url, window.location.origin), wanted))
  if (at < 0) return undefined
  return list.splice(at, 1)[0].body
}

/** The main area of a page whose content the server drew (the app's own main has no `data-drawn`). */
const DRAWN_MAIN = 'main[data-drawn]'

/** Whether the server drew this page's content (the app then draws its first screen complete, not while loading). */
export const drawnByServer = () => typeof document !== 'undefined' && document.querySelector(DRAWN_MAIN) !== null

/** Forgets the page's answers (the unit tests' pages differ from one test to the next). */
export function resetPageAnswers() {
  answers = null
}

/**
 * What a visitor types into the server's markup before the app takes over, and where the focus
 * is: call before the app draws (it listens until then, in the app's first render too, which is
 * the same markup); the function it returns puts both into the app's fields of the same id (or
 * name), so nothing typed is lost: after the first render (`last` false: it goes on listening) and
 * once the screen is the app's own.
 */
export function keepTyped(): (last?: boolean) => void {
  const main = document.querySelector(DRAWN_MAIN)
  if (!main) return () => {}
  type Field = { id: string; name: string }
  const typed = new Map<string, Field & { value: string }>()
  let focused: Field | null = null
  const inMain = (target: EventTarget | null): target is HTMLInputElement => target instanceof HTMLInputElement && target.closest('main#main-content') !== null
  const record = (target: EventTarget | null) => {
    if (inMain(target) && target.value !== target.defaultValue) typed.set(target.id || target.name, { id: target.id, name: target.name, value: target.value })
  }
  const onInput = (event: Event) => record(event.target)
  const onFocus = (event: Event) => {
    if (inMain(event.target)) focused = { id: event.target.id, name: event.target.name }
  }
  main.querySelectorAll('input').forEach(record)
  document.addEventListener('input', onInput, true)
  document.addEventListener('focusin', onFocus, true)
  if (inMain(document.activeElement)) focused = { id: document.activeElement.id, name: document.activeElement.name }
  // A field is found again by its id, or by its name where the app's ids are its own (useId).
  const find = ({ id, name }: Field) => {
    const found = (id && document.getElementById(id)) || (name && [...document.querySelectorAll('main#main-content input')].find((input) => input instanceof HTMLInputElement && input.name === name))
    return found instanceof HTMLInputElement ? found : null
  }
  return (last = true) => {
    if (last) {
      document.removeEventListener('input', onInput, true)
      document.removeEventListener('focusin', onFocus, true)
    }
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    for (const field of typed.values()) {
      const input = find(field)
      if (!input || !setValue || input.value === field.value) continue
      // As typing does, so the app's own state follows.
      setValue.call(input, field.value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    // The field had the focus when the app replaced it.
    const field = focused && find(focused)
    if (field && document.activeElement !== field && !main.isConnected) field.focus()
  }
}
