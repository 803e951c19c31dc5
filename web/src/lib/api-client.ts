import { TOKEN_KEY } from './constants'

export const API_BASE = '/api/v1'
const FALLBACK_MESSAGE = 'Internal Server Error'

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
    throw new ApiError(FALLBACK_MESSAGE, 0)
  }

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
