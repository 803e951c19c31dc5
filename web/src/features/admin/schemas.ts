import { z } from '@/lib/zod'
import { requiredText } from '@/lib/validation'

/** The server's own limit and words (docs/rules.md#admin): a reason is counted in characters, as the server counts them. */
export const REASON_MAX = 500
export const REASON_REQUIRED = 'A reason is required'
export const REASON_TOO_LONG = 'The reason may have at most 500 characters'

export const reasonSchema = z.object({
  reason: requiredText(REASON_REQUIRED).check(z.refine((reason) => [...reason].length <= REASON_MAX, REASON_TOO_LONG)),
})
export type ReasonValues = z.infer<typeof reasonSchema>

export const CATEGORY_NAME_REQUIRED = 'Category name is required'
export const CATEGORY_DESCRIPTION_REQUIRED = 'Category description is required'
/** The server's limits on a category's name and description (the fields stop there). */
export const CATEGORY_NAME_MAX = 100
export const CATEGORY_DESCRIPTION_MAX = 1000

export const categorySchema = z.object({
  name: requiredText(CATEGORY_NAME_REQUIRED),
  description: requiredText(CATEGORY_DESCRIPTION_REQUIRED),
})
export type CategoryValues = z.infer<typeof categorySchema>

/** The server's rules and words for a company's name (docs/rules.md#admin): trimmed, present, at most 100 characters as it counts them. */
export const COMPANY_NAME_MAX = 100
export const COMPANY_NAME_REQUIRED = 'Company name is required'
export const COMPANY_NAME_TOO_LONG = 'Company name must be at most 100 characters'

export const companyNameSchema = z.object({
  name: requiredText(COMPANY_NAME_REQUIRED).check(z.refine((name) => [...name].length <= COMPANY_NAME_MAX, COMPANY_NAME_TOO_LONG)),
})
export type CompanyNameValues = z.infer<typeof companyNameSchema>
