import type { Job } from '@/features/jobs/types'

export type Category = { _id: string; name: string; description: string }
export type CategoryPage = Category & { jobs: Job[] }
