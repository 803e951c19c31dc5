import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { applicantDetails, applicationsOverview, categories, job, recruiterDetails } from './fixtures'

export const apiUrl = (path: string) => `*/api/v1${path}`

/** The default answers; a test overrides one with server.use(...). */
export const handlers = [
  http.get(apiUrl('/jobs/showAllCategories'), () =>
    HttpResponse.json({ success: true, message: 'Categories fetched', categories }),
  ),
  http.get(apiUrl('/jobs/alljobs'), () =>
    HttpResponse.json({ success: true, message: 'Jobs fetched', data: [], total: 0, page: 1, limit: 50 }),
  ),
  http.get(apiUrl('/jobs/getJob/:jobId'), ({ params }) =>
    HttpResponse.json({ success: true, message: 'Job fetched', data: job({ _id: String(params.jobId) }) }),
  ),
  http.get(apiUrl('/jobs/getAllJobs'), () => HttpResponse.json({ success: true, message: 'Jobs fetched', data: [] })),
  http.get(apiUrl('/jobs/forYou'), () => HttpResponse.json({ success: true, message: 'Jobs for you fetched successfully', data: [], skillCount: 0 })),
  http.get(apiUrl('/jobs/saved'), () => HttpResponse.json({ success: true, message: 'Saved jobs fetched successfully', data: [] })),
  http.get(apiUrl('/jobs/savedSearches'), () => HttpResponse.json({ success: true, message: 'Saved searches fetched successfully', data: [] })),
  http.get(apiUrl('/auth/applicantDetails'), () =>
    HttpResponse.json({ success: true, message: 'User details fetched', data: applicantDetails() }),
  ),
  http.get(apiUrl('/auth/recruiterDetails'), () =>
    HttpResponse.json({ success: true, message: 'User details fetched', data: recruiterDetails() }),
  ),
  http.get(apiUrl('/auth/applications'), () =>
    HttpResponse.json({ success: true, message: 'Applications fetched', applications: [] }),
  ),
  http.get(apiUrl('/auth/jobs/applications/:jobId'), () =>
    HttpResponse.json({ success: true, message: 'Applications fetched', applications: [] }),
  ),
  http.get(apiUrl('/auth/jobs/applications/:jobId/overview'), () =>
    HttpResponse.json({ success: true, message: 'Overview fetched successfully', data: applicationsOverview() }),
  ),
]

export const server = setupServer(...handlers)
