import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { GuestJobActions, JOB_VIEW_SLOTS, JobArticle } from '@/features/jobs/components/job-article'
import { createQueryClient } from '@/lib/query-client'
import { slot, TemplateDrawing } from '@/lib/template'
import LandingPage from './routes/landing'
import LoginPage from './routes/login'
import { CategoryFrame } from './routes/category'
import { COMPANY_VIEW_SLOTS, CompanyFrame } from './routes/company'
import { JobsFrame } from './routes/jobs'
import { PLAIN_SEARCH_SLOTS, PlainJobSearch } from '@/features/jobs/components/plain-job-search'

/**
 * The templates of the screens the server draws for a guest before the app's code arrives
 * (docs/architecture.md#one-source-for-each-screen): each rendered from the app's own components,
 * so a screen is written once. `npm run templates` writes them to screen-templates.json, which the
 * server builds in; this test fails while that file is not what the components render.
 */
function template(path: string, screen: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <TemplateDrawing>{screen}</TemplateDrawing> }], { initialEntries: [path] })
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  // The document's title is the server's to write, in the page's head.
  return markup.replace(/^<title>[^<]*<\/title>/, '')
}

test('the screens the server draws are the templates it holds', async () => {
  const templates = {
    landing: template('/', <LandingPage />),
    login: template('/login', <LoginPage />),
    // Login asked for on the way somewhere (`next`): Signup goes on there too.
    loginNext: template(`/login?next=/${slot('next')}`, <LoginPage />),
    jobs: template(
      '/jobs',
      <JobsFrame>
        <PlainJobSearch view={PLAIN_SEARCH_SLOTS} />
      </JobsFrame>,
    ),
    category: template(
      '/category/x',
      <CategoryFrame name={slot('name')} description={slot('description')} allCategories={`/jobs${slot('everyCategory')}`}>
        <PlainJobSearch view={PLAIN_SEARCH_SLOTS} />
      </CategoryFrame>,
    ),
    company: template(
      '/company/x',
      <CompanyFrame view={COMPANY_VIEW_SLOTS}>
        <PlainJobSearch view={PLAIN_SEARCH_SLOTS} />
      </CompanyFrame>,
    ),
    job: template(
      '/job/x',
      <JobArticle view={JOB_VIEW_SLOTS}>
        <GuestJobActions view={JOB_VIEW_SLOTS} />
      </JobArticle>,
    ),
  }
  for (const [name, markup] of Object.entries(templates)) {
    expect(markup, name).not.toMatch(/<title>|<!--/)
  }
  await expect(`${JSON.stringify(templates, null, 2)}\n`).toMatchFileSnapshot('./screen-templates.json')
})
