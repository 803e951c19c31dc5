import { useQuery } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'

export type Recommendation = Schemas['Recommendation']
export type JobsForYou = Omit<Schemas['ForYouResponse'], 'success' | 'message'>

export async function getJobsForYou(limit: number): Promise<JobsForYou> {
  const { data, skillCount } = await payload(api.GET('/jobs/forYou', { params: { query: { limit } } }))
  return { data, skillCount }
}

/** Jobs ranked for the signed-in applicant (none is asked for without one); the list says a failure in place. */
export function useJobsForYou(limit = 20) {
  const { userId } = useSession()
  return useQuery({
    queryKey: ['jobs', 'for-you', userId, limit],
    queryFn: () => getJobsForYou(limit),
    enabled: userId !== null,
    meta: { errorToast: false },
  })
}
