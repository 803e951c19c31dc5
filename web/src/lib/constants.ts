/**
 * The splash (docs/product.md#splash) is only a decoration over the page, gone within this time; it
 * never holds back the first paint.
 */
export const SPLASH_MS = 250
export const SPLASH_SEEN_KEY = 'splashShown'

/** Toast constants (docs/product.md#constants). */
export const TOAST_DURATION_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
} as const
export const TOAST_LIMIT = 20
export const TOAST_REMOVE_DELAY_MS = 1000
export const TOAST_MAX_WIDTH = '350px'

/** Local storage keys (docs/product.md#client-state). */
export const TOKEN_KEY = 'token'
export const USER_KEY = 'user'
/** Followed by `:{userId}`: the resume whose skills offer the applicant put aside with "Not now" (My Profile). */
export const SKILLS_OFFER_KEY = 'skillsOfferSetAside'

/**
 * The signup waiting for its e-mailed code, kept in sessionStorage so a reload of /verify-email (a
 * phone switching to its mail app) keeps it. sessionStorage belongs to this tab alone and is gone
 * when the tab closes, so the password it holds never outlives the signup in progress.
 */
export const SIGNUP_KEY = 'pendingSignup'

/** One-time code length (docs/product.md#constants). */
export const OTP_LENGTH = 6
