import { USER_KEY } from '@/lib/constants'

/**
 * The account type of whoever is logged in on this device, or null for a guest. The one place the
 * jobs screens read the session, so it can move to the session store without touching them.
 */
export function viewerAccountType(): string | null {
  try {
    const user: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')
    const accountType = (user as { accountType?: unknown } | null)?.accountType
    return typeof accountType === 'string' ? accountType : null
  } catch {
    return null
  }
}
