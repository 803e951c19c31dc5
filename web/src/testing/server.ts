import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { categories } from './fixtures'

export const apiUrl = (path: string) => `*/api/v1${path}`

/** The default answers; a test overrides one with server.use(...). */
export const handlers = [
  http.get(apiUrl('/jobs/showAllCategories'), () =>
    HttpResponse.json({ success: true, message: 'Categories fetched', categories }),
  ),
  http.get(apiUrl('/jobs/alljobs'), () =>
    HttpResponse.json({ success: true, message: 'Jobs fetched', data: [], total: 0, page: 1, limit: 50 }),
  ),
]

export const server = setupServer(...handlers)
