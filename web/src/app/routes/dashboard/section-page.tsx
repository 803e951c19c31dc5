/** A dashboard screen whose content arrives with a later release; the frame already leads to it. */
export default function SectionPage({ title }: { title: string }) {
  return (
    <section>
      <title>{`${title} | jobportal`}</title>
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 text-gray-700">This section is coming soon.</p>
    </section>
  )
}
