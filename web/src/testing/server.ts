import { setupServer } from 'msw/node'
import { createOpenApiHttp } from 'openapi-msw'
import { API_BASE, type ApiPaths } from '@/lib/api-client'
import { applicantDetails, applicationsOverview, categories, job, recruiterDetails } from './fixtures'

/**
 * MSW's `http`, typed by the OpenAPI document (openapi-msw): a handler's path, its params and the
 * JSON it answers with are checked against the document, so a mock that drifts from the API fails
 * `npm run lint`. Paths are the app's, below API_BASE: http.get('/jobs/getJob/{jobId}', ...).
 */
export const http = createOpenApiHttp<ApiPaths>({ baseUrl: `*${API_BASE}` })

/*
 * An answer the document does not describe (a broken server, a status it does not list) goes through
 * `response.untyped(...)`, visibly: http.get('/jobs/saved', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))).
 */

/** The default answers; a test overrides one with server.use(...). */
export const handlers = [
  http.get('/jobs/showAllCategories', ({ response }) =>
    response(200).json({ success: true, message: 'Categories fetched', categories }),
  ),
  http.get('/jobs/alljobs', ({ response }) =>
    response(200).json({ success: true, message: 'Jobs fetched', data: [], total: 0, totalCapped: false, totalExact: true, page: 1, limit: 50 }),
  ),
  http.get('/jobs/getJob/{jobId}', ({ params, response }) =>
    response(200).json({ success: true, message: 'Job fetched', data: job({ _id: String(params.jobId) }) }),
  ),
  http.get('/jobs/getAllJobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched', data: [] })),
  http.get('/jobs/forYou', ({ response }) => response(200).json({ success: true, message: 'Jobs for you fetched successfully', data: [], skillCount: 0 })),
  http.get('/jobs/saved', ({ response }) => response(200).json({ success: true, message: 'Saved jobs fetched successfully', data: [] })),
  http.get('/jobs/savedSearches', ({ response }) => response(200).json({ success: true, message: 'Saved searches fetched successfully', data: [] })),
  http.get('/auth/applicantDetails', ({ response }) =>
    response(200).json({ success: true, message: 'User details fetched', data: applicantDetails() }),
  ),
  http.get('/auth/recruiterDetails', ({ response }) =>
    response(200).json({ success: true, message: 'User details fetched', data: { ...recruiterDetails(), jobs: [] } }),
  ),
  http.get('/auth/applications', ({ response }) =>
    response(200).json({ success: true, message: 'Applications fetched', applications: [] }),
  ),
  http.get('/auth/jobs/applications/{jobId}', ({ response }) =>
    response(200).json({ success: true, message: 'Applications fetched', applications: [] }),
  ),
  http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) =>
    response(200).json({ success: true, message: 'Overview fetched successfully', data: applicationsOverview() }),
  ),
]

export const server = setupServer(...handlers)
