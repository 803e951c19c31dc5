import type { Company } from '@/features/companies/types'
import { http, server } from './server'

/**
 * Answers GET /companies/{slug} as the server does: the company of that slug among `known`, and for
 * any other 404 "Company not found". Returns the slugs asked for, in order.
 */
export function answerCompanyProfiles(...known: Company[]) {
  const asked: string[] = []
  server.use(
    http.get('/companies/{slug}', ({ params, response }) => {
      const slug = String(params.slug)
      asked.push(slug)
      const found = known.find((each) => each.slug === slug)
      if (!found) return response(404).json({ success: false, message: 'Company not found' })
      return response(200).json({ success: true, message: 'Company fetched successfully', company: found })
    }),
  )
  return asked
}
