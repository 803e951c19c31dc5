import type { Schemas } from '@/lib/api-client'

/** A device with notifications on, as Settings lists it (docs/rules.md#push). */
export type PushDevice = Schemas['PushDevice']
