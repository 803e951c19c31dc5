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

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal }

/**
 * Every response carries `success` and `message`; a non-2xx status or a missing success flag is an
 * error that carries the server's message (SPEC sections 5 and 8).
 */
export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = localStorage.getItem(TOKEN_KEY)
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'

  // An absolute URL, because fetch outside a browser (the unit tests) rejects relative ones.
  const url = new URL(API_BASE + path, window.location.origin)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    // fetch itself failed: no network, or the server could not be reached at all.
    throw new ApiError(OFFLINE_MESSAGE, 0)
  }
  if (response.status === 401 && token && !NOT_A_SESSION_CHECK.has(path)) sessionRejected()

  const payload = (await response.json().catch(() => null)) as (T & ApiEnvelope) | null
  if (!response.ok || payload?.success !== true) {
    const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE
    throw new ApiError(message, response.status)
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
