import { useLocation } from 'react-router'
import { titleFromSlug } from '@/lib/slug'

/** Footer destinations that have no screen of their own yet. */
export default function PlaceholderPage() {
  const title = titleFromSlug(useLocation().pathname.slice(1))
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${title} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 text-gray-700">This page is coming soon.</p>
    </section>
  )
}
