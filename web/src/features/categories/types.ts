import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Category = Schemas['Category']
