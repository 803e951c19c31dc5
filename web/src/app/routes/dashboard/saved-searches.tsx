import { SavedSearchesList } from '@/features/alerts/components/saved-searches-list'

export default function SavedSearchesPage() {
  return (
    <section>
      <title>Saved Searches | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">Saved Searches</h1>
      <p className="mt-2 text-gray-700">Once a day at most, you get an e-mail of the new jobs that match your searches whose alerts are on.</p>
      <SavedSearchesList />
    </section>
  )
}
