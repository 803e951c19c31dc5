import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createOpenApiHttp } from 'openapi-msw'
import { API_BASE, type ApiPaths } from '@/lib/api-client'
import { company } from './companies'
import { applicantDetails, applicationsOverview, categories, emailSettings, job, recruiter, recruiterDetails } from './fixtures'
import { member } from './teams'

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

/**
 * The notification stream (text/event-stream) as a test drives it: each connection gets `first`
 * (the count the server tells at once), then stays open, as the server's does, until the page
 * aborts it; `send` writes to every open connection, `end` closes them (as the server does after 15
 * minutes). server.use(stream.handler) puts it in place.
 */
export function eventStream(first = 'event: unread\ndata: {"unread":0,"newest":null}\n\n') {
  const encoder = new TextEncoder()
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  let connections = 0
  const handler = http.get('/auth/notifications/stream', ({ request, response }) => {
    connections++
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.add(controller)
        if (first) controller.enqueue(encoder.encode(first))
        request.signal.addEventListener(
          'abort',
          () => {
            if (!open.delete(controller)) return
            controller.error(new DOMException('The stream was aborted', 'AbortError'))
          },
          { once: true },
        )
      },
    })
    return response.untyped(new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }))
  })
  return {
    handler,
    /** How many times the page connected. */
    connections: () => connections,
    send: (chunk: string) => open.forEach((controller) => controller.enqueue(encoder.encode(chunk))),
    /** An `unread` event, as the server writes it. */
    unread: (unread: number, newest: string | null) => open.forEach((controller) => controller.enqueue(encoder.encode(`event: unread\ndata: ${JSON.stringify({ unread, newest })}\n\n`))),
    end: () => {
      open.forEach((controller) => controller.close())
      open.clear()
    },
  }
}

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
  http.get('/auth/notifications', ({ response }) =>
    response(200).json({ success: true, message: 'Notifications fetched successfully', notifications: [], unread: 0 }),
  ),
  eventStream().handler,
  http.get('/auth/notifications/settings', ({ response }) =>
    response(200).json({ success: true, message: 'Settings fetched successfully', email: emailSettings() }),
  ),
  // No device has notifications on (testing/push.ts drives them).
  http.get('/auth/push/devices', ({ response }) => response(200).json({ success: true, message: 'Devices fetched successfully', devices: [] })),
  // No API tokens, and the recruiter may make one (testing/tokens.ts drives them).
  http.get('/auth/tokens', ({ response }) => response(200).json({ success: true, message: 'Tokens fetched successfully', tokens: [], canCreate: true })),
  // The calendar feed is off (testing/calendar-feed.ts drives it).
  http.get('/auth/calendar-feed', ({ response }) => response(200).json({ success: true, message: 'Calendar feed fetched successfully', url: null })),
  http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) =>
    response(200).json({ success: true, message: 'Overview fetched successfully', data: applicationsOverview() }),
  ),
  // The recruiter's company: Acme, its owner asking (testing/companies.ts's answerCompany drives it).
  http.get('/company', ({ response }) =>
    response(200).json({ success: true, message: 'Company fetched successfully', company: company(), role: 'owner' }),
  ),
  // Its team, Raj alone, with no invitations waiting; its jobs, none; a job's team, Raj in charge (testing/teams.ts drives them).
  http.get('/company/members', ({ response }) => response(200).json({ success: true, message: 'Team fetched successfully', members: [member()] })),
  http.get('/company/invitations', ({ response }) => response(200).json({ success: true, message: 'Invitations fetched successfully', invitations: [] })),
  http.get('/company/jobs', ({ response }) => response(200).json({ success: true, message: 'Jobs fetched successfully', data: [] })),
  // Its webhook endpoints, none (testing/webhooks.ts drives them).
  http.get('/company/webhooks', ({ response }) => response(200).json({ success: true, message: 'Webhook endpoints fetched successfully', endpoints: [] })),
  http.get('/company/jobs/{jobId}/team', ({ response }) =>
    response(200).json({ success: true, message: 'Hiring team fetched successfully', data: { inCharge: recruiter._id, team: [] } }),
  ),
]

export const server = setupServer(...handlers)
