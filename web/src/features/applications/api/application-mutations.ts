import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, payload } from '@/lib/api-client'
import type { Application, Decision } from '../types'

export const applyToJob = (jobId: string, sop: string) => payload(api.POST('/jobs/apply/{jobId}', { params: { path: { jobId } }, body: { sop } }))

/** docs/product.md#job-applications: a status answer without the application is an error of its own. */
export async function updateApplicationStatus(applicationId: string, status: Decision) {
  const { message, data } = await payload(api.PUT('/auth/updateapplicationstatus/{applicationId}', { params: { path: { applicationId } }, body: { status } }))
  // The document promises `data`; an answer that breaks the promise must not reach the list.
  if (!(data as Application | undefined)) throw new ApiError('Unexpected API response', 200)
  return { message, data }
}

/** Applying adds to the applicant's applications and to the job's applicationsCount. */
export function useApply(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sop: string) => applyToJob(jobId, sop),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['applications'] }), queryClient.invalidateQueries({ queryKey: ['jobs'] })]),
  })
}

/** The decided application replaces its old self in the job's list at once, then every list refetches. */
export function useUpdateApplicationStatus(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ applicationId, status }: { applicationId: string; status: Decision }) => updateApplicationStatus(applicationId, status),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<Application[]>(['applications', 'job', jobId], (list) =>
        list?.map((application) => (application._id === data._id ? { ...application, status: data.status, history: data.history } : application)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  })
}

export const withdrawApplication = (applicationId: string) =>
  payload(api.PUT('/auth/withdrawapplication/{applicationId}', { params: { path: { applicationId } } }))

/** Withdrawing changes the applicant's list and frees a place on the job. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['applications'] }), queryClient.invalidateQueries({ queryKey: ['jobs'] })]),
  })
}
