import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, payload, type Schemas } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withErrorToast, type ErrorToast, type MutationErrorToast } from '@/lib/query-client'
import type { JobTeam } from '../types'

/** The team as the server answers it, its fields filled in. */
const jobTeam = ({ inCharge, team }: Schemas['JobTeamBody']): JobTeam => ({ inCharge: inCharge ?? '', team: team ?? [] })

/** GET /company/jobs/{jobId}/team: the job's recruiter in charge and its hiring team. */
export async function getJobTeam(jobId: string, signal?: AbortSignal): Promise<JobTeam> {
  const { data } = await payload(api.GET('/company/jobs/{jobId}/team', { params: { path: { jobId } }, signal }))
  return jobTeam(data)
}

const jobTeamQueryKey = (jobId: string, userId: string | null) => ['companies', 'job-team', jobId, userId] as const

export const jobTeamQueryOptions = (jobId: string, userId: string | null) =>
  queryOptions({ queryKey: jobTeamQueryKey(jobId, userId), queryFn: ({ signal }) => getJobTeam(jobId, signal), enabled: userId !== null })

/** A job's recruiter in charge and hiring team; `errorToast` replaces the server's message (false: none). */
export function useJobTeam(jobId: string, errorToast?: ErrorToast | false) {
  const { userId } = useSession()
  return useQuery({ ...withErrorToast(jobTeamQueryOptions(jobId, userId), errorToast), enabled: userId !== null && jobId !== '' })
}

/** PUT /company/jobs/{jobId}/team (owners and recruiters): the one in charge and the team, as the server then has them. */
export async function setJobTeam(jobId: string, body: JobTeam) {
  const { message, data } = await payload(api.PUT('/company/jobs/{jobId}/team', { params: { path: { jobId } }, body }))
  return { message, team: jobTeam(data) }
}

/**
 * `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's
 * message. The team is kept as the server answered it; the jobs and applications follow the one in
 * charge, so they are fetched again.
 */
export function useSetJobTeam(jobId: string, errorToast?: MutationErrorToast<JobTeam> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: (body: JobTeam) => setJobTeam(jobId, body),
    onSuccess: ({ team }) => {
      queryClient.setQueryData(jobTeamQueryKey(jobId, userId), team)
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['jobs'] }), queryClient.invalidateQueries({ queryKey: ['applications'] })])
    },
    meta: { errorToast },
  })
}
