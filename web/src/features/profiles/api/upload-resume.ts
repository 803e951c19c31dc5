import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, fetchWithProgress, payload } from '@/lib/api-client'
import type { MutationErrorToast } from '@/lib/query-client'
import type { ResumeUploadResponse } from '../types'

/** POST /upload/uploadResume with the file in the multipart field `resume`; `onProgress` receives the share sent, 0 to 1. */
export function uploadResume(file: File, onProgress?: (share: number) => void): Promise<ResumeUploadResponse> {
  const body = new FormData()
  body.append('resume', file, file.name)
  // The form goes to XMLHttpRequest as it is (the document leaves the multipart body untyped), which reports its progress.
  return payload(api.POST('/upload/uploadResume', { fetch: fetchWithProgress(body, onProgress ?? (() => {})) }))
}

type ResumeToUpload = { file: File; onProgress?: (share: number) => void }

/** `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useUploadResume(errorToast?: MutationErrorToast<ResumeToUpload> | false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, onProgress }: ResumeToUpload) => uploadResume(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
    meta: { errorToast },
  })
}
