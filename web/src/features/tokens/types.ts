import { scopeValues, type components } from '@/lib/api-types'

type Schemas = components['schemas']

/** One of the person's API tokens as Settings lists it; its secret is shown only when it is made. */
export type ApiToken = Schemas['ApiToken']

/** What a token may do (docs/product.md#api-tokens-settings). */
export type Scope = Schemas['Scope']

/** GET /auth/tokens: the person's tokens, the newest first, and whether they may make more. */
export type Tokens = Omit<Schemas['TokensResponse'], 'success' | 'message'>

/** POST /auth/tokens: a name, at least one scope, and the days it lasts (null: it never expires). */
export type NewToken = { name: string; scopes: Scope[]; expiresInDays: number | null }

/** The scopes in the order the server keeps and Settings shows them. */
export const SCOPES: readonly Scope[] = scopeValues

/** What each scope lets a token do, in the words beside its checkbox. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'jobs:read': 'Read the jobs you work on',
  'jobs:write': 'Post, edit, close, reopen and delete jobs',
  'applications:read': 'Read applications, notes, messages and interviews, and search applicants',
  'applications:write': 'Move applications through the pipeline, rate them, write notes and messages, and schedule interviews',
  webhooks: "Manage the company's webhook endpoints and read their delivery logs",
}
