import { errorMessage } from '@/lib/api-client'
import type { ErrorToast } from '@/lib/query-client'

/** docs/product.md#my-profile: a failed load shows the server message, or "An error occurred". */
export const PROFILE_LOAD_TOAST: ErrorToast = { id: 'profile-load-error', message: (error) => errorMessage(error, 'An error occurred') }
