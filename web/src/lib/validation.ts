import { z } from '@/lib/zod'

/** Text that must not be empty once trimmed; `message` is SPEC's own for the field. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message))
