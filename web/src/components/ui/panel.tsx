import { useId, type ReactNode } from 'react'

/** A bordered page section named by its heading, so screen readers list it as a region. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-gray-200 p-6">
      <h2 id={headingId} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
