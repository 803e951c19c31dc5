import { http, server } from './server'

/** A feed address as the server makes it (docs/rules.md#calendar-feed): `version` goes up with each new one. */
export const feedUrl = (version = 1) => `https://jobportal.example/api/v1/calendar/r-raj.${version}.0123456789abcdef0123456789abcdef/interviews.ics`

/**
 * The server's calendar feed of the signed-in recruiter, kept as the calls change it: `initial` is
 * its address, null while it is off. Each POST gives the next address (feedUrl(2), feedUrl(3), ...,
 * after the one it started with); the calls made are counted.
 */
export function answerCalendarFeed(initial: string | null = null) {
  let url = initial
  let version = 1
  const seen = { fetched: 0, posted: 0, deleted: 0 }
  server.use(
    http.get('/auth/calendar-feed', ({ response }) => {
      seen.fetched++
      return response(200).json({ success: true, message: 'Calendar feed fetched successfully', url })
    }),
    http.post('/auth/calendar-feed', ({ response }) => {
      seen.posted++
      version++
      url = feedUrl(version)
      return response(201).json({ success: true, message: 'Calendar feed address made: anyone who has it can see your interviews', url })
    }),
    http.delete('/auth/calendar-feed', ({ response }) => {
      seen.deleted++
      if (url === null) return response(404).json({ success: false, message: 'Your calendar feed is off already' })
      url = null
      return response(200).json({ success: true, message: 'Calendar feed turned off' })
    }),
  )
  return seen
}
