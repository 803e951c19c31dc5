import { useId, type ReactNode, type RefObject } from 'react'

type Props = {
  title: string
  children: ReactNode
  /** Given when the section moves the focus to its heading (once what had it is gone); the heading then takes it. */
  headingRef?: RefObject<HTMLHeadingElement | null>
}

/** A bordered page section named by its heading, so screen readers list it as a region. */
export function Panel({ title, children, headingRef }: Props) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-gray-200 p-6">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={`text-xl font-semibold text-gray-900 ${headingRef ? 'rounded focus:outline-2 focus:outline-offset-2 focus:outline-primary' : ''}`.trim()}
      >
        {title}
      </h2>
      {children}
    </section>
  )
}
