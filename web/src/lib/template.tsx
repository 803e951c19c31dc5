import { createContext, Fragment, useContext, type ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The screens the server draws before the app's code arrives are these components, rendered once
 * at build time into templates (app/screen-templates.test.tsx writes app/screen-templates.json)
 * that the server fills with a page's values (docs/architecture.md#one-source-for-each-screen).
 * In a template a value is its slot, `~~name~~` (the same in text, in an attribute and in a path,
 * where encodeURIComponent leaves it as it is); a list is `~~#name~~item~~/name~~`; a part drawn
 * only when a value is set is `~~#name~~…~~/name~~`, and only when it is not, `~~^name~~…~~/name~~`.
 */
const Drawing = createContext(false)

/** Everything inside is rendered as a template. */
export const TemplateDrawing = ({ children }: { children: ReactNode }) => <Drawing.Provider value={true}>{children}</Drawing.Provider>

/** The slot of a value, as a template holds it. */
export const slot = (name: string) => `~~${name}~~`

/** Each of `items`; a template draws `items[0]`, given as the item's slots, between the list's marks. */
export function Each<T>({ name, items, children }: { name: string; items: readonly T[]; children: (item: T) => ReactNode }) {
  if (useContext(Drawing)) {
    return (
      <>
        {`~~#${name}~~`}
        {children(items[0])}
        {`~~/${name}~~`}
      </>
    )
  }
  return items.map((item, index) => <Fragment key={index}>{children(item)}</Fragment>)
}

/**
 * `children` when `when` holds (or, with `unless`, when it does not); a template draws them between
 * the marks of `name`, the value the server reads for it.
 */
export function Show({ name, when, unless = false, children }: { name: string; when: boolean; unless?: boolean; children: ReactNode }) {
  if (useContext(Drawing)) {
    return (
      <>
        {`~~${unless ? '^' : '#'}${name}~~`}
        {children}
        {`~~/${name}~~`}
      </>
    )
  }
  return when !== unless ? children : null
}

/**
 * A link to a path of the app given whole by a value (`companyPath`), which a template holds as its
 * slot: drawn there as the `<a>` a Link draws, with the slot as its href (a Link would read the
 * slot as a path relative to the page).
 */
export function PathLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (useContext(Drawing)) {
    return (
      <a className={className} href={to} data-discover="true">
        {children}
      </a>
    )
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  )
}

/**
 * Whether the app has taken over the page: false only in the app's first render of a page the
 * server drew (and in a template), which must be the server's markup; the app (app.tsx) then
 * makes it true for good. A screen shows what works without script until then (a search's plain
 * forms and links), and a control only the app can carry out (a form's submit) waits for it.
 */
const AppReady = createContext(true)

export const AppReadyProvider = AppReady.Provider

export function useAppReady() {
  const ready = useContext(AppReady)
  const drawing = useContext(Drawing)
  return ready && !drawing
}
