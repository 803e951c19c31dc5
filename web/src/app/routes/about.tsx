import { screenTitle } from '@/app/site-pages'

export default function AboutPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <title>{screenTitle('/about')}</title>
      <h1 className="text-3xl font-bold text-gray-900">About Us</h1>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Our mission</h2>
      <p className="mt-3 text-lg text-gray-700">
        We simplify the job search with personalised job recommendations and easy application tracking,
        so that talent and opportunity find each other faster.
      </p>
    </section>
  )
}
