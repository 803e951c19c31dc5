import createClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch'
import type { components, paths } from './api-types'
import { getToken } from './auth/session'
import { takePageAnswer } from './page-data'
import { serverAnswered, serverUnreachable } from './use-online'

/** The schemas of the OpenAPI document (server/openapi.json), as generated into api-types.ts. */
export type Schemas = components['schemas']

export const API_BASE = '/api/v1'

/** The document's API paths as the app names them, below API_BASE: '/jobs/alljobs' for '/api/v1/jobs/alljobs'. */
export type ApiPaths = { [P in keyof paths as P extends `${typeof API_BASE}${infer Path}` ? Path : never]: paths[P] }

/** What a failure says when the server gave no words of its own (docs/product.md#messages). */
export const FALLBACK_MESSAGE = 'Internal Server Error'
export const OFFLINE_MESSAGE = 'You appear to be offline. Try again'

/**
 * Called with the server's message when it refuses the token a call sent (it expired, the session
 * was ended elsewhere, or an admin suspended the account); the app's provider registers what to do
 * (lib/auth's endRejectedSession: end the session here and say so), and the returned function takes
 * it back. A wrong current password on change-password, or a wrong password on account deletion, is
 * a 401 of its own, not a dead session.
 */
type SessionRejected = (message: string | undefined) => void
let sessionRejected: SessionRejected = () => {}
export function onSessionRejected(handler: SessionRejected): () => void {
  sessionRejected = handler
  return () => {
    if (sessionRejected === handler) sessionRejected = () => {}
  }
}
const NOT_A_SESSION_CHECK = new Set<string>(['/auth/changepassword', '/auth/account/delete'] satisfies (keyof ApiPaths)[])
/** Calls whose 2xx answer is a file to save: its bytes are kept as sent, not read as an envelope (failures still are). */
const FILE_ANSWERS = new Set<string>(['/auth/account/export'] satisfies (keyof ApiPaths)[])

export class ApiError extends Error {
  readonly status: number
  /** The server's 404 said the thing was there and was deleted for good (a job its recruiter deleted). */
  readonly removed: boolean
  constructor(message: string, status: number, removed = false) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.removed = removed
  }
}

type ApiEnvelope = { success?: unknown; message?: unknown; removed?: unknown }

function parseJson(text: string): ApiEnvelope | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null ? (parsed as ApiEnvelope) : null
  } catch {
    return null
  }
}

/**
 * What every call goes through (docs/product.md#messages): the session's token as a bearer token; an
 * answer with a non-2xx status or without `success: true` (unless it is a file, FILE_ANSWERS) is an
 * ApiError carrying the server's `message`; a 401 to a call that sent a token ends the session; a
 * request that reaches no server says the person appears to be offline.
 */
const envelope: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json')
    const token = getToken()
    if (token) request.headers.set('Authorization', `Bearer ${token}`)
    return request
  },
  async onResponse({ request, response, schemaPath }) {
    serverAnswered()
    if (response.ok && FILE_ANSWERS.has(schemaPath)) return response
    const payload = parseJson(await response.clone().text())
    if (response.status === 401 && request.headers.has('Authorization') && !NOT_A_SESSION_CHECK.has(schemaPath)) {
      sessionRejected(typeof payload?.message === 'string' ? payload.message : undefined)
    }
    if (!response.ok || payload?.success !== true) {
      const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE
      throw new ApiError(message, response.status, payload?.removed === true)
    }
    return response
  },
  onError({ request, error }) {
    if (request.signal.aborted) return error instanceof Error ? error : undefined
    // The request itself failed: no network, or the server could not be reached at all. The app
    // is offline until it answers again (lib/use-online).
    serverUnreachable()
    return new ApiError(OFFLINE_MESSAGE, 0)
  },
}

/** The API's absolute base URL: a Request outside a browser (the unit tests) rejects relative ones. */
const API_URL = new URL(API_BASE, window.location.origin).href

/** The absolute URL of a call `api` cannot make (the notification stream, read with fetch), on the base the client uses. */
export const apiUrl = (path: keyof ApiPaths) => `${API_URL}${path}`

const client = createClient<ApiPaths>({
  baseUrl: API_URL,
  // Looked up at every call, not once: the unit tests' mock server replaces fetch after this module loads.
  // A public page's first requests are answered from the page itself (lib/page-data).
  fetch: (request) => {
    const answer = request.method === 'GET' ? takePageAnswer(request.url) : undefined
    if (answer !== undefined) return Promise.resolve(Response.json(answer))
    return globalThis.fetch(request)
  },
})
client.use(envelope)

type Method = 'get' | 'post' | 'put' | 'delete'
type PathsOf<M extends Method> = { [P in keyof ApiPaths]: ApiPaths[P][M] extends undefined ? never : P }[keyof ApiPaths]
type Init<P extends keyof ApiPaths, M extends Method> = MaybeOptionalInit<ApiPaths[P], M>
/**
 * openapi-fetch's own method, with its options checked as written rather than inferred: a body with
 * a field the document does not name (every request field being optional there) fails to compile.
 */
type StrictMethod<M extends Method> = <P extends PathsOf<M>>(
  url: P,
  ...init: undefined extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>]
) => Promise<FetchResponse<ApiPaths[P][M] & Record<string | number, unknown>, Init<P, M>, `${string}/${string}`>>

/**
 * The one way the app calls the API: a client generated from the OpenAPI document (openapi-fetch),
 * so a call's path, method, parameters and body are checked against it, and its answer has the
 * document's type: `api.GET('/jobs/getJob/{jobId}', { params: { path: { jobId } } })`. Wrap the call
 * in `payload(...)` for the answer itself.
 */
export const api = client as unknown as { GET: StrictMethod<'get'>; POST: StrictMethod<'post'>; PUT: StrictMethod<'put'>; DELETE: StrictMethod<'delete'> }

/**
 * The answer of a call made with `api`: every failure has thrown an ApiError already (the envelope
 * middleware), so what is left is the 2xx payload, `success: true` and all.
 */
export async function payload<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call
  if (data === undefined) throw new ApiError(FALLBACK_MESSAGE, response.status)
  return data
}

/**
 * The file a FILE_ANSWERS call answered with, asked for as one (`parseAs: 'blob'`): its bytes as the
 * server sent them. A failure has thrown an ApiError already, as with `payload`.
 */
export async function file(call: Promise<{ data?: unknown; response: Response }>): Promise<Blob> {
  const { data, response } = await call
  if (data === undefined) throw new ApiError(FALLBACK_MESSAGE, response.status)
  // The typed client reads parseAs at run time only: with 'blob' its answer is a Blob.
  return data as Blob
}

/**
 * A `fetch` for a call whose upload shows its progress (`onProgress` receives the share sent, 0 to
 * 1): XMLHttpRequest, as fetch cannot tell. It sends `body` as it is (a FormData goes as multipart,
 * the browser choosing its boundary) with the request's method, URL and headers.
 */
export function fetchWithProgress(body: XMLHttpRequestBodyInit, onProgress: (share: number) => void) {
  return (request: Request): Promise<Response> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(request.method, request.url)
      request.headers.forEach((value, name) => {
        if (name !== 'content-type') xhr.setRequestHeader(name, value)
      })
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
      }
      xhr.onload = () => {
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: { 'Content-Type': 'application/json' } }))
      }
      xhr.onerror = () => reject(new TypeError('Network request failed'))
      xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'))
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.send(body)
    })
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== FALLBACK_MESSAGE ? error.message : fallback
}
