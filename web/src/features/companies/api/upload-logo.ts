import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, fetchWithProgress, payload } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import type { MutationErrorToast } from '@/lib/query-client'
import type { MyCompany } from '../types'
import { myCompanyQueryKey } from './get-my-company'

/** PUT /company/logo with the file in the multipart field `logo`; `onProgress` receives the share sent, 0 to 1. */
export function uploadLogo(file: File, onProgress?: (share: number) => void): Promise<MyCompany> {
  const body = new FormData()
  body.append('logo', file, file.name)
  // The form goes to XMLHttpRequest as it is (the document leaves the multipart body untyped), which reports its progress.
  return payload(api.PUT('/company/logo', { fetch: fetchWithProgress(body, onProgress ?? (() => {})) }))
}

type LogoToUpload = { file: File; onProgress?: (share: number) => void }

/** `errorToast`: the failure's toast (lib/query-client's MutationMeta); without one, the server's message. */
export function useUploadLogo(errorToast?: MutationErrorToast<LogoToUpload> | false) {
  const queryClient = useQueryClient()
  const { userId } = useSession()
  return useMutation({
    mutationFn: ({ file, onProgress }: LogoToUpload) => uploadLogo(file, onProgress),
    onSuccess: (answer) => {
      queryClient.setQueryData(myCompanyQueryKey(userId), answer)
      // Every page of the company's jobs shows its logo: those shown are fetched again.
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['companies'] }), queryClient.invalidateQueries({ queryKey: ['jobs'] })])
    },
    meta: { errorToast },
  })
}
