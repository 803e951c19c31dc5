import { z } from '@/lib/zod'

/** Text that must not be empty once trimmed; `message` is the field's own (docs/product.md). */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message))
