import { z } from '@/lib/zod'
import { SCOPES } from './types'

/** The server's limit on a token's name, counted in characters once trimmed, as it counts them. */
export const MAX_TOKEN_NAME = 60

/** The Expiry select's choices, in days ('never': the token does not expire); 90 days at first. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const
export type Expiry = (typeof EXPIRY_CHOICES)[number]['value']
export const DEFAULT_EXPIRY: Expiry = '90'

/** The days an Expiry choice sends as `expiresInDays`: null for no expiry. */
export const expiryDays = (expiry: Expiry): number | null => (expiry === 'never' ? null : Number(expiry))

/** docs/product.md#api-tokens-settings: the new-token form, checked here with the server's messages. */
export const tokenSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Token name is required'),
    z.refine((text) => [...text].length <= MAX_TOKEN_NAME, `Token name must be at most ${MAX_TOKEN_NAME} characters`),
  ),
  scopes: z.array(z.enum(SCOPES)).check(z.minLength(1, 'Choose at least one scope')),
  expiry: z.enum(EXPIRY_CHOICES.map((choice) => choice.value)),
})
export type TokenValues = z.infer<typeof tokenSchema>
