import { useQuery } from '@tanstack/react-query'
import { api, type Schemas } from '@/lib/api-client'

export type Recommendation = Schemas['Recommendation']
export type JobsForYou = Omit<Schemas['ForYouResponse'], 'success' | 'message'>

export async function getJobsForYou(limit: number): Promise<JobsForYou> {
  const { data, skillCount } = await api<Schemas['ForYouResponse']>(`/jobs/forYou?limit=${limit}`)
  return { data: data ?? [], skillCount }
}

/** Jobs ranked for the signed-in applicant (`token` keys them to the session; none is asked for without one). */
export const useJobsForYou = (token: string | null, limit = 20) =>
  useQuery({ queryKey: ['jobs', 'for-you', token, limit], queryFn: () => getJobsForYou(limit), enabled: !!token })
