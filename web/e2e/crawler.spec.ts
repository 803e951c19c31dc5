import { execFileSync } from 'node:child_process'
import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, OPEN_UNTIL, POSTED_TODAY, postJob, signUp, type Posted, type Session } from './seed'

/**
 * What a crawler without JavaScript reads (docs/product.md#public-pages), fetched with curl from the real server and
 * its built app: an open job's page names the job in its title, description and Open Graph tags
 * and carries a schema.org JobPosting; a closed one says so without one; a deleted job is 410 and
 * an unknown path 404, each the app's own page, which a person sees as the not-found screen;
 * robots.txt, the sitemap (parsed as XML by the browser) and the favicon are real.
 */

const PASSWORD = 'crawler-secret-1'
let api: APIRequestContext
let recruiter: Session
let open: Posted
let closed: Posted
let baseURL: string

type Fetched = { status: number; contentType: string; body: string }

/** `curl` as a crawler runs it: one GET, no JavaScript, the status and type written after the body. */
function curl(path: string): Fetched {
  const out = execFileSync('curl', ['-sS', '-A', 'Googlebot/2.1', '-w', '\n%{http_code} %{content_type}', `${baseURL}${path}`], {
    encoding: 'utf8',
  })
  const at = out.lastIndexOf('\n')
  const [status, ...type] = out.slice(at + 1).split(' ')
  return { status: Number(status), contentType: type.join(' '), body: out.slice(0, at) }
}

const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start)
  if (from < 0) return null
  const rest = html.slice(from + start.length)
  return rest.slice(0, rest.indexOf(end))
}
const decode = (text: string | null) =>
  text?.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&') ?? null
const title = (html: string) => decode(between(html, '<title>', '</title>'))
const meta = (html: string, attribute: string, name: string) => decode(between(html, `<meta ${attribute}="${name}" content="`, '"'))
const jsonLd = (html: string) => {
  const text = between(html, '<script type="application/ld+json">', '</script>')
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>)
}

test.beforeAll(async ({ playwright }, testInfo) => {
  baseURL = testInfo.project.use.baseURL as string
  api = await playwright.request.newContext({ baseURL })
  recruiter = await signUp(api, 'Recruiter', 'crawler', PASSWORD)
  const { Engineering } = await categoryIds(api)
  open = await postJob(api, recruiter.token, { title: 'Crawlable Rust Engineer', company: 'Spider & Co', location: 'Kochi', jobType: 'Full-time', categoryName: Engineering, salary: 120000 })
  closed = await postJob(api, recruiter.token, { title: 'Closed Crawlable Role', company: 'Spider & Co', location: 'Kochi', jobType: 'Part-time', categoryName: Engineering })
  const response = await api.put(`/api/v1/jobs/closeJob/${closed._id}`, { headers: { Authorization: `Bearer ${recruiter.token}` } })
  expect(response.status()).toBe(200)
})

test.afterAll(async () => {
  await deleteJob(api, recruiter.token, open)
  await api.dispose()
})

test('curl sees an open job page’s title, description, Open Graph tags and JobPosting', () => {
  const page = curl(`/job/${open._id}`)
  expect(page.status).toBe(200)
  expect(page.contentType).toBe('text/html; charset=utf-8')
  expect(title(page.body)).toBe('Crawlable Rust Engineer at Spider & Co | jobportal')
  expect(meta(page.body, 'name', 'description')).toBe(
    'Crawlable Rust Engineer at Spider & Co. Full-time · On-site · Kochi · ₹1,20,000 per month. Join Spider & Co as Crawlable Rust Engineer.',
  )
  expect(meta(page.body, 'property', 'og:title')).toBe('Crawlable Rust Engineer at Spider & Co | jobportal')
  expect(meta(page.body, 'property', 'og:url')).toBe(`${baseURL}/job/${open._id}`)
  expect(between(page.body, '<link rel="canonical" href="', '"')).toBe(`${baseURL}/job/${open._id}`)
  // The page paints without the app's code, which is asked for after the paint, the screen's chunks with it.
  expect(page.body).toMatch(/<script defer src="\/boot.js" data-entry="\/assets\/index-[^"]+\.js" data-preload="[^"]*\/assets\/job-[^"]+\.js/)
  const posting = jsonLd(page.body)
  expect(posting).toMatchObject({
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: 'Crawlable Rust Engineer',
    description: '<p>Join Spider &amp; Co as Crawlable Rust Engineer.</p>',
    employmentType: 'FULL_TIME',
    // The seeded dates, each midnight UTC of its day.
    datePosted: `${POSTED_TODAY}T00:00:00Z`,
    validThrough: `${OPEN_UNTIL}T00:00:00Z`,
    hiringOrganization: { '@type': 'Organization', name: 'Spider & Co' },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Kochi', addressCountry: 'IN' } },
    baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', value: 120000, unitText: 'MONTH' } },
    identifier: { '@type': 'PropertyValue', name: 'Spider & Co', value: open._id },
    directApply: true,
  })
})

test('a closed job says so without a JobPosting; a deleted job is 410 and an unknown path 404, and a person sees the not-found page', async ({ page }) => {
  const closedPage = curl(`/job/${closed._id}`)
  expect(closedPage.status).toBe(200)
  expect(title(closedPage.body)).toBe('Closed Crawlable Role at Spider & Co (closed) | jobportal')
  expect(meta(closedPage.body, 'name', 'description')).toMatch(/^This job is closed to applications\. /)
  expect(jsonLd(closedPage.body)).toBeNull()

  await deleteJob(api, recruiter.token, closed)
  const gone = curl(`/job/${closed._id}`)
  expect([gone.status, title(gone.body), jsonLd(gone.body)]).toEqual([410, 'Job removed | jobportal', null])
  expect(gone.body).toContain('<div id="root">')

  const missing = curl('/no-such-page-at-all')
  expect([missing.status, title(missing.body), meta(missing.body, 'name', 'robots')]).toEqual([404, 'Page not found | jobportal', 'noindex'])

  const response = await page.goto('/no-such-page-at-all')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Lost and not found!' })).toBeVisible()
  await expectAccessible(page)
  const removed = await page.goto(`/job/${closed._id}`)
  expect(removed?.status()).toBe(410)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectAccessible(page)
})

test('robots.txt, the sitemap and the favicon are real', async ({ page }) => {
  const robots = curl('/robots.txt')
  expect(robots.status).toBe(200)
  expect(robots.contentType).toBe('text/plain; charset=utf-8')
  expect(robots.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\n')
  expect(robots.body).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

  const sitemap = curl('/sitemap.xml')
  expect([sitemap.status, sitemap.contentType]).toEqual([200, 'application/xml; charset=utf-8'])
  await page.goto('/about')
  const read = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml')
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9'
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      urls: Array.from(doc.getElementsByTagNameNS(ns, 'url')).map((url) => ({
        loc: url.getElementsByTagNameNS(ns, 'loc')[0]?.textContent,
        lastmod: url.getElementsByTagNameNS(ns, 'lastmod')[0]?.textContent ?? null,
      })),
    }
  }, sitemap.body)
  expect(read.error).toBe(0)
  expect(read.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset')
  const job = read.urls.find((url) => url.loc === `${baseURL}/job/${open._id}`)
  expect(job?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  expect(read.urls.some((url) => url.loc === `${baseURL}/job/${closed._id}`)).toBe(false)
  expect(read.urls.some((url) => url.loc === `${baseURL}/category/engineering`)).toBe(true)

  const favicon = execFileSync('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{content_type} %{size_download}', `${baseURL}/favicon.ico`], { encoding: 'utf8' })
  const [status, type, size] = favicon.split(' ')
  expect(Number(status)).toBe(200)
  expect(type).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/)
  expect(Number(size)).toBeGreaterThan(100)
})
