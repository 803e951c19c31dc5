import { z } from '@/lib/zod'

/** The server refuses a longer statement of purpose. */
export const SOP_MAX_WORDS = 250

/** docs/product.md#constants: apply starts from a fixed placeholder sentence the applicant may keep or replace. */
export const DEFAULT_SOP = 'I am excited to apply for this role and believe my skills and experience make me a strong fit.'

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length

export const sopSchema = z.object({
  sop: z.string().check(
    z.trim(),
    z.minLength(1, 'Statement of purpose is required'),
    z.refine((text) => countWords(text) <= SOP_MAX_WORDS, `Statement of purpose must be at most ${SOP_MAX_WORDS} words`),
  ),
})
export type SopValues = z.infer<typeof sopSchema>
