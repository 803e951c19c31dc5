import type { Schemas } from '@/lib/api-client'
import { http, server } from './server'

type ApiToken = Schemas['ApiToken']

const DAY_MS = 24 * 60 * 60 * 1000

/** The secret the server gives a new token in these tests: `jpt_` and 64 hex digits. */
export const SECRET = `jpt_${'0123456789abcdef'.repeat(4)}`

/** A token as Settings lists it (fixed dates: shown as written, never compared with today). */
export const apiToken = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  _id: 't-sync',
  name: 'Careers page sync',
  scopes: ['jobs:read'],
  createdAt: '2026-03-01T10:00:00Z',
  lastUsedAt: null,
  expiresAt: null,
  ...overrides,
})

/**
 * The server's API tokens of the signed-in recruiter, kept as the calls change them (`canCreate`:
 * an owner or recruiter of their company); each body sent and each token revoked is kept too.
 */
export function answerTokens(initial: ApiToken[] = [], { canCreate = true }: { canCreate?: boolean } = {}) {
  let tokens = [...initial]
  const seen = { fetched: 0, posted: [] as unknown[], deleted: [] as string[] }
  server.use(
    http.get('/auth/tokens', ({ response }) => {
      seen.fetched++
      return response(200).json({ success: true, message: 'Tokens fetched successfully', tokens, canCreate })
    }),
    http.post('/auth/tokens', async ({ request, response }) => {
      const body = (await request.json()) as Schemas['CreateTokenRequest']
      seen.posted.push(body)
      // Made now, ending `expiresInDays` days from now, as the server does: a test showing these dates fixes the clock.
      const now = Date.now()
      const made = apiToken({
        _id: `t-new-${seen.posted.length}`,
        name: body.name ?? '',
        scopes: (body.scopes ?? []) as ApiToken['scopes'],
        createdAt: new Date(now).toISOString(),
        expiresAt: body.expiresInDays ? new Date(now + body.expiresInDays * DAY_MS).toISOString() : null,
      })
      tokens = [made, ...tokens]
      return response(201).json({ success: true, message: 'Token created: copy it now, it will not be shown again', token: made, secret: SECRET })
    }),
    http.delete('/auth/tokens/{tokenId}', ({ params, response }) => {
      const tokenId = String(params.tokenId)
      seen.deleted.push(tokenId)
      if (!tokens.some((each) => each._id === tokenId)) return response(404).json({ success: false, message: 'Token not found' })
      tokens = tokens.filter((each) => each._id !== tokenId)
      return response(200).json({ success: true, message: 'Token revoked' })
    }),
  )
  return seen
}
