import { z } from '@/lib/zod'
import { parseLocations } from './format'
import { SIZE_BANDS } from './types'

/** The server's limits on a company's profile (docs/rules.md#companies), counted in characters as it counts them. */
export const MAX_NAME = 100
export const MAX_WEBSITE = 200
export const MAX_ABOUT = 5000
export const MAX_PLACE = 100
export const MAX_LOCATIONS = 20

const length = (text: string) => [...text].length
const atMost = (label: string, max: number) => z.refine<string>((text) => length(text) <= max, `${label} must be at most ${max} characters`)

/** An absolute http or https address with a host and no spaces, as the server takes a website. */
export function isWebAddress(text: string) {
  const rest = text.startsWith('https://') ? text.slice('https://'.length) : text.startsWith('http://') ? text.slice('http://'.length) : null
  if (rest === null) return false
  const host = rest.split(/[/?#]/)[0]
  return host !== '' && !host.startsWith(':') && !/\s/.test(text)
}

export const WEBSITE_MESSAGE = 'Website must be an http or https address'
export const TOO_MANY_LOCATIONS = `A company may list at most ${MAX_LOCATIONS} locations`

/**
 * docs/rules.md#companies, with the server's messages: a name, then every other field optional. The
 * size is '' for "Not said"; the locations are one comma-separated text.
 */
export const companySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Company name is required'), atMost('Company name', MAX_NAME)),
  website: z.string().check(
    z.trim(),
    atMost('Website', MAX_WEBSITE),
    z.refine((text) => text === '' || length(text) > MAX_WEBSITE || isWebAddress(text), WEBSITE_MESSAGE),
  ),
  about: z.string().check(z.trim(), atMost('About', MAX_ABOUT)),
  sizeBand: z.enum(['', ...SIZE_BANDS], { error: `Size must be one of ${SIZE_BANDS.join(', ')}` }),
  headquarters: z.string().check(z.trim(), atMost('Headquarters', MAX_PLACE)),
  locations: z.string().check(
    z.refine((text) => parseLocations(text).every((place) => length(place) <= MAX_PLACE), `A location must be at most ${MAX_PLACE} characters`),
    z.refine((text) => parseLocations(text).length <= MAX_LOCATIONS, TOO_MANY_LOCATIONS),
  ),
})
export type CompanyValues = z.infer<typeof companySchema>

/** docs/rules.md#companies, the logo: its type and size are checked here before it is sent, with the server's messages. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const LOGO_ACCEPT = LOGO_TYPES.join(',')
export const MAX_LOGO_BYTES = 2 * 1024 * 1024
export const NOT_A_LOGO = 'The logo must be a PNG, JPEG or WebP image'
export const LOGO_TOO_LARGE = 'The logo must be at most 2 MB'

/** Why `file` cannot be a logo (its size first, as the server checks), or null when it may be sent; the server still reads its bytes. */
export function logoProblem(file: File): string | null {
  if (file.size > MAX_LOGO_BYTES) return LOGO_TOO_LARGE
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return NOT_A_LOGO
  return null
}

/** The server's words for an address it would not take (docs/rules.md#passwords). */
export const INVALID_EMAIL = 'Please enter a valid email address'

const MAX_EMAIL_BYTES = 254
// eslint-disable-next-line no-control-regex
const NOT_IN_AN_ADDRESS = /[\s\u0000-\u001f\u007f<>,;]/

/**
 * An address the server takes (docs/rules.md#passwords): once trimmed, at most 254 bytes, one `@`
 * after a non-empty local part, a domain with a dot not at either end, and no spaces, control
 * characters or `< > , ;`.
 */
export function isEmailAddress(text: string) {
  const address = text.trim()
  if (new TextEncoder().encode(address).length > MAX_EMAIL_BYTES || NOT_IN_AN_ADDRESS.test(address)) return false
  const at = address.indexOf('@')
  if (at < 1) return false
  const domain = address.slice(at + 1)
  return !domain.includes('@') && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.')
}

/** The Invite form (docs/product.md#company-team): an address the server takes, and a role. */
export const inviteSchema = z.object({
  email: z.string().check(z.trim(), z.refine(isEmailAddress, INVALID_EMAIL)),
  role: z.enum(['owner', 'recruiter', 'hiringManager']),
})
export type InviteValues = z.infer<typeof inviteSchema>
