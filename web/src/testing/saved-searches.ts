import type { SavedSearch } from '@/features/alerts/api/saved-searches'
import { http, server } from './server'

/** A saved search: rust jobs in Pune, full-time, its alerts on. */
export const savedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  _id: 's1',
  name: 'Rust in Pune',
  query: 'q=rust&location=Pune&jobType=Full-time',
  alerts: true,
  createdAt: '2026-03-04T10:00:00Z',
  ...overrides,
})

/**
 * The applicant's saved searches on the server, `initial` at first, changed as the server would by
 * each POST (saved as s9), PUT and DELETE. Returns what the page sent, in order: each new search's
 * body, each change with its `id`, each deletion as `{ deleted: id }`.
 */
export function answerSavedSearches(initial: SavedSearch[]) {
  let searches = [...initial]
  const sent: unknown[] = []
  server.use(
    http.get('/jobs/savedSearches', ({ response }) => response(200).json({ success: true, message: 'Saved searches fetched successfully', data: searches })),
    http.post('/jobs/savedSearches', async ({ request, response }) => {
      const body = (await request.json()) as { name: string; query: string }
      sent.push(body)
      const saved = savedSearch({ _id: 's9', name: body.name, query: body.query })
      searches = [...searches, saved]
      return response(201).json({ success: true, message: 'Search saved', data: saved })
    }),
    http.put('/jobs/savedSearches/{searchId}', async ({ request, params, response }) => {
      const change = (await request.json()) as Partial<SavedSearch>
      sent.push({ id: params.searchId, ...change })
      searches = searches.map((each) => (each._id === params.searchId ? { ...each, ...change } : each))
      return response(200).json({ success: true, message: 'Saved search updated', data: searches.find((each) => each._id === params.searchId)! })
    }),
    http.delete('/jobs/savedSearches/{searchId}', ({ params, response }) => {
      sent.push({ deleted: params.searchId })
      searches = searches.filter((each) => each._id !== params.searchId)
      return response(200).json({ success: true, message: 'Saved search deleted' })
    }),
  )
  return sent
}
