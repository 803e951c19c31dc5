import { useMutation } from '@tanstack/react-query'
import { api, file, payload } from '@/lib/api-client'

/** The name the export is saved under, as the server's Content-Disposition gives it. */
export const EXPORT_FILE_NAME = 'jobportal-data.json'

/** GET /auth/account/export: everything the site holds about the signed-in person, as one JSON file. */
export const exportMyData = () => file(api.GET('/auth/account/export', { parseAs: 'blob' }))

/**
 * POST /auth/account/delete: the account and what hangs on it, confirmed with the password. The session ends on the server.
 * A refusal is read out in the dialog, not toasted.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => payload(api.POST('/auth/account/delete', { body: { password } })),
    meta: { errorToast: false },
  })
}
