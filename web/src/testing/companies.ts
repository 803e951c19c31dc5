import type { Company, CompanyRole } from '@/features/companies/types'
import { http, server } from './server'

/** The recruiter's company in the tests: Acme, with every field filled in and a logo. */
export const company = (overrides: Partial<Company> = {}): Company => ({
  _id: 'co1',
  slug: 'acme',
  name: 'Acme',
  website: 'https://acme.example',
  about: 'We make anvils.\nAnd rockets.',
  sizeBand: '11-50',
  headquarters: 'Pune',
  locations: ['Pune', 'Remote'],
  logo: '/api/v1/company-logos/l1.png',
  verified: false,
  ...overrides,
})

/** What the page sent: each PUT /company body, and each logo upload's multipart body as text, in order. */
export type CompanyRequests = { updates: unknown[]; uploads: { contentType: string; body: string }[]; removals: number }

/**
 * The server's company as a test drives it: GET /company answers `start` with the caller's `role`;
 * PUT /company, PUT /company/logo and DELETE /company/logo change it as the server would (the new
 * logo at /api/v1/company-logos/l2.png) and answer with it; each request is recorded.
 */
export function answerCompany(start: Company = company(), role: CompanyRole = 'owner') {
  let current = start
  const requests: CompanyRequests = { updates: [], uploads: [], removals: 0 }
  const answer = (message: string) => ({ success: true, message, company: current, role })
  server.use(
    http.get('/company', ({ response }) => response(200).json(answer('Company fetched successfully'))),
    http.put('/company', async ({ request, response }) => {
      const body = await request.json()
      requests.updates.push(body)
      current = {
        ...current,
        name: body.name ?? '',
        website: body.website ?? '',
        about: body.about ?? '',
        sizeBand: body.sizeBand ? (body.sizeBand as Company['sizeBand']) : null,
        headquarters: body.headquarters ?? '',
        locations: body.locations ?? [],
      }
      return response(200).json(answer('Company updated'))
    }),
    http.put('/company/logo', async ({ request, response }) => {
      requests.uploads.push({ contentType: request.headers.get('Content-Type') ?? '', body: await request.text() })
      current = { ...current, logo: '/api/v1/company-logos/l2.png' }
      return response(200).json(answer('Logo uploaded'))
    }),
    http.delete('/company/logo', ({ response }) => {
      requests.removals++
      current = { ...current, logo: null }
      return response(200).json(answer('Logo removed'))
    }),
  )
  return requests
}
