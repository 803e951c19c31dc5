/**
 * The session, for every feature and screen (bulletproof-react's lib/auth): the token store
 * (./session, which lib/api-client reads itself), the signed-in user (./user) and the hooks that
 * read, start and end the session.
 */
export { arrivedSignedOut, getToken } from './session'
export { SESSION_EXPIRED, endRejectedSession } from './session-expiry'
export { useEndSession, useLogout, useSession, useSetUser, useStartSession } from './use-session'
export { storedUserId } from './user'
export type { AnyAccountType, User } from './user'
