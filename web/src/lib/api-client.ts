import type { components } from './api-types'
import { TOKEN_KEY } from './constants'

/** The schemas of the OpenAPI document (server/openapi.json), as generated into api-types.ts. */
export type Schemas = components['schemas']

export const API_BASE = '/api/v1'
const FALLBACK_MESSAGE = 'Internal Server Error'
export const OFFLINE_MESSAGE = 'You appear to be offline. Try again'

/**
 * Called when the server refuses the token a call sent (it expired, or the session was ended
 * elsewhere); the auth feature registers what to do (end the session here and say so). A wrong
 * current password on change-password is a 401 of its own, not a dead session.
 */
let sessionRejected: () => void = () => {}
export function onSessionRejected(handler: () => void) {
  sessionRejected = handler
}
const NOT_A_SESSION_CHECK = new Set(['/auth/changepassword'])

export class ApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

type ApiEnvelope = { success?: unknown; message?: unknown }

type RequestOptions = {
  method?: string
  /** JSON for a plain object; a FormData goes as multipart, as the browser encodes it. */
  body?: unknown
  signal?: AbortSignal
  /** The share of the body sent so far, 0 to 1; asking for it sends through XMLHttpRequest, as fetch cannot tell. */
  onUploadProgress?: (share: number) => void
}

type Sent = { url: string; method: string; headers: Record<string, string>; body?: string | FormData; signal?: AbortSignal }
type Answer = { status: number; text: string }

async function sendWithFetch({ url, method, headers, body, signal }: Sent): Promise<Answer> {
  const response = await fetch(url, { method, headers, body, signal })
  return { status: response.status, text: await response.text() }
}

function sendWithProgress({ url, method, headers, body, signal }: Sent, onProgress: (share: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.onabort = () => reject(new DOMException('The request was aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body ?? null)
  })
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

/**
 * The one way the app calls the API. Every response carries `success` and `message`; a non-2xx
 * status or a missing success flag is an error that carries the server's message
 * (docs/product.md#messages), and a 401 to a call that sent a token ends the session.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, onUploadProgress }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = localStorage.getItem(TOKEN_KEY)
  if (token) headers.Authorization = `Bearer ${token}`
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json'

  // An absolute URL, because fetch outside a browser (the unit tests) rejects relative ones.
  const sent: Sent = {
    url: new URL(API_BASE + path, window.location.origin).href,
    method,
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  }
  let answer: Answer
  try {
    answer = onUploadProgress ? await sendWithProgress(sent, onUploadProgress) : await sendWithFetch(sent)
  } catch (cause) {
    if (signal?.aborted) throw cause
    // The request itself failed: no network, or the server could not be reached at all.
    throw new ApiError(OFFLINE_MESSAGE, 0)
  }
  if (answer.status === 401 && token && !NOT_A_SESSION_CHECK.has(path)) sessionRejected()

  const payload = parseJson<T & ApiEnvelope>(answer.text)
  if (answer.status < 200 || answer.status > 299 || payload?.success !== true) {
    const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE
    throw new ApiError(message, answer.status)
  }
  return payload
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== FALLBACK_MESSAGE ? error.message : fallback
}

/** A `next` address to return to after login: a path of this site only ("/x", never "//x" or a URL). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}
