import { render, screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/routes'
import type { User } from '@/lib/auth'
import { AppReadyProvider, TemplateDrawing } from '@/lib/template'
import { company } from '@/testing/companies'
import { answerCompanyProfiles } from '@/testing/company-page'
import { admin, applicant, job, recruiter } from '@/testing/fixtures'
import { answerJobs, pageOf, query } from '@/testing/job-search'
import { renderApp } from '@/testing/render'
import { answerSavedSearches, savedSearch } from '@/testing/saved-searches'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { COMPANY_VIEW_SLOTS, CompanyFrame, companyView } from './company'

/** The company's facts as the page lists them: each term with its value. */
function facts() {
  const list = screen.getByText('Website').closest('dl')
  if (!list) throw new Error('the facts are not a definition list')
  return [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])
}

test("a company's page shows its logo, name, about text with its line breaks and every fact it gave; below, its open jobs, asked for by its slug", async () => {
  answerCompanyProfiles(company())
  const requests = answerJobs(() => ({ total: 1, data: [job({ _id: 'j9', title: 'Anvil Tester', company: 'Acme', companySlug: 'acme' })] }))
  const { router } = renderApp('/company/acme')

  const website = await screen.findByRole('link', { name: 'acme.example' })
  expect(screen.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
  expect(document.title).toBe('Acme jobs | jobportal')
  // The name beside it says whose logo it is: the image itself is decoration, its size set before it loads.
  const logo = document.querySelector('img[src="/api/v1/company-logos/l1.png"]')
  expect(logo).toHaveAttribute('alt', '')
  expect(logo).toHaveAttribute('width', '64')
  expect(logo).toHaveAttribute('height', '64')
  const about = screen.getByText('We make anvils. And rockets.')
  expect(about.textContent).toBe('We make anvils.\nAnd rockets.')
  expect(about).toHaveClass('whitespace-pre-line')
  expect(facts()).toEqual([
    ['Website', 'acme.example'],
    ['Size', '11-50 employees'],
    ['Headquarters', 'Pune'],
    ['Locations', 'Pune, Remote'],
  ])
  expect(website).toHaveAttribute('href', 'https://acme.example')
  expect(website).toHaveAttribute('rel', 'nofollow noopener')
  expect(website).not.toHaveAttribute('target')

  expect(screen.getByRole('heading', { level: 2, name: 'Jobs at Acme' })).toBeVisible()
  expect(await screen.findByRole('link', { name: 'Anvil Tester' })).toHaveAttribute('href', '/job/j9')
  expect(screen.getByRole('status')).toHaveTextContent('1 job found')
  expect(requests.map(query)).toEqual(['company=acme&openOnly=true&page=1&limit=20'])
  // The address names the company: no filter of it, in the query or as a chip.
  expect(router.state.location.search).toBe('')
  expect(screen.queryByRole('button', { name: /^Remove filter/ })).not.toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('All categories')
})

test('a company that gave only its name shows no logo, no about text and no facts: its jobs follow its name', async () => {
  answerCompanyProfiles(company({ logo: null, about: '', website: '', sizeBand: null, headquarters: '', locations: [] }))
  answerJobs(pageOf(1))
  renderApp('/company/acme')
  // The search box is the profile's page, not its placeholder.
  await screen.findByRole('searchbox', { name: 'Search jobs' })
  const name = screen.getByRole('heading', { level: 1, name: 'Acme' })
  // Between its name and its jobs, only the guest's way to follow it.
  const follow = screen.getByRole('link', { name: 'Log in to follow Acme' }).parentElement
  expect(name.parentElement?.nextElementSibling).toBe(follow)
  expect(follow?.nextElementSibling).toBe(screen.getByRole('heading', { level: 2, name: 'Jobs at Acme' }))
  expect(name.parentElement?.querySelector('img')).toBeNull()
  for (const term of ['Website', 'Size', 'Headquarters', 'Locations']) expect(screen.queryByText(term)).not.toBeInTheDocument()
})

test('a company gives only the facts it set: a size alone is listed alone', async () => {
  answerCompanyProfiles(company({ website: '', headquarters: '', locations: [], sizeBand: '5001+' }))
  answerJobs(pageOf(1))
  renderApp('/company/acme')
  const size = await screen.findByText('Size')
  expect([...(size.closest('dl')?.querySelectorAll('dt, dd') ?? [])].map((each) => each.textContent)).toEqual(['Size', '5001+ employees'])
})

test('the address names the company in any case: /company/ACME asks for acme', async () => {
  const asked = answerCompanyProfiles(company())
  const requests = answerJobs(pageOf(1))
  renderApp('/company/ACME')
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
  expect(asked).toEqual(['acme'])
  await waitFor(() => expect(requests.map(query)).toEqual(['company=acme&openOnly=true&page=1&limit=20']))
})

test("the filters narrow a company's jobs and stay in its address; a category is one of them, and Clear filters keeps the company", async () => {
  answerCompanyProfiles(company())
  const requests = answerJobs(pageOf(5))
  const { router, user } = renderApp('/company/acme?q=rust')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(requests.map(query)).toEqual(['q=rust&company=acme&openOnly=true&page=1&limit=20'])

  await user.click(screen.getByRole('checkbox', { name: 'Internship' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&jobType=Internship'))
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&jobType=Internship&company=acme&openOnly=true&page=1&limit=20'))

  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Engineering')
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust&jobType=Internship&category=c1'))
  expect(router.state.location.pathname).toBe('/company/acme')
  await waitFor(() => expect(requests.map(query).at(-1)).toBe('q=rust&jobType=Internship&category=c1&company=acme&openOnly=true&page=1&limit=20'))

  // Back to the first search, whose answer the page still holds: the company is still in it, so nothing is asked again.
  await user.click(screen.getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(router.state.location.search).toBe('?q=rust'))
  expect(router.state.location.pathname).toBe('/company/acme')
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('All categories')
  expect(screen.getByRole('checkbox', { name: 'Internship' })).not.toBeChecked()
  expect(requests.map(query)).toHaveLength(3)
  expect(requests.map(query).at(-1)).toBe('q=rust&jobType=Internship&category=c1&company=acme&openOnly=true&page=1&limit=20')
  expect(screen.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
})

test('a company without open jobs says "No jobs available at this company."', async () => {
  answerCompanyProfiles(company())
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/company/acme')
  expect(await screen.findByText('No jobs available at this company.')).toBeVisible()
})

test('an unknown company (404) shows the not-found page, with no toast', async () => {
  const asked = answerCompanyProfiles(company())
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/company/nobody')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
  expect(document.title).toBe('Page not found | jobportal')
  expect(asked).toEqual(['nobody'])
  expect(screen.queryByText('Company not found')).not.toBeInTheDocument()
})

test('a removed company says so, with a way to search jobs', async () => {
  server.use(http.get('/companies/{slug}', ({ response }) => response(404).json({ success: false, message: 'This company has been removed', removed: true })))
  answerJobs(() => ({ total: 0, data: [] }))
  renderApp('/company/acme')
  expect(await screen.findByRole('heading', { level: 1, name: 'This company has been removed' })).toBeVisible()
  expect(document.title).toBe('Company removed | jobportal')
  expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/jobs')
})

test('any other failure says the server’s message on the page and as a toast, and Try again asks again', async () => {
  let calls = 0
  server.use(
    http.get('/companies/{slug}', ({ response }) => {
      calls++
      return calls === 1 ? response(503).json({ success: false, message: 'Database unavailable' }) : response(200).json({ success: true, message: 'Company fetched successfully', company: company() })
    }),
  )
  answerJobs(pageOf(1))
  const { user } = renderApp('/company/acme')
  expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this company' })).toBeVisible()
  expect(screen.getAllByText('Database unavailable')).toHaveLength(2)
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
})

test('while the company loads the page has its final shape: the name from its address, and a busy list of placeholder cards', async () => {
  server.use(
    http.get('/companies/{slug}', async ({ response }) => {
      await delay(300)
      return response(200).json({ success: true, message: 'Company fetched successfully', company: company({ name: 'Acme Robotics', slug: 'acme-robotics' }) })
    }),
  )
  answerJobs(() => ({ total: 1, data: [job({ _id: 'j9', title: 'Site Reliability Engineer' })] }))
  renderApp('/company/acme-robotics')
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeVisible()
  expect(document.title).toBe('Acme Robotics jobs | jobportal')
  const list = screen.getByRole('list', { name: 'Results' })
  expect(list).toHaveAttribute('aria-busy', 'true')
  expect(list.querySelectorAll('li[aria-hidden="true"]').length).toBeGreaterThan(0)
  expect(within(list).queryAllByRole('listitem')).toHaveLength(0)

  expect(await screen.findByRole('link', { name: 'Site Reliability Engineer' })).toBeVisible()
  expect(screen.getByRole('list', { name: 'Results' })).toHaveAttribute('aria-busy', 'false')
})

test('a website that is not an http or https address is not linked', () => {
  const view = companyView(company({ website: 'javascript:alert(1)' }))
  expect([view.website, view.websiteHost]).toEqual(['', ''])
  expect(companyView(company({ website: 'http://www.acme.example:8080/about' })).websiteHost).toBe('www.acme.example:8080')
})

test("the company's frame draws as a template: each part shown only when set between its marks, each value its slot", () => {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <TemplateDrawing>
        <CompanyFrame view={COMPANY_VIEW_SLOTS}>
          <p>The jobs</p>
        </CompanyFrame>
      </TemplateDrawing>
    </MemoryRouter>,
  )
  expect(markup).toContain('~~#logo~~<img src="~~logo~~" alt="" width="64" height="64"')
  expect(markup).toContain('>~~name~~</h1>')
  expect(markup).toContain('>~~about~~</p>~~/about~~')
  expect(markup).toContain('~~#website~~<dt class="font-medium">Website</dt><dd><a href="~~website~~" rel="nofollow noopener"')
  expect(markup).toContain('>~~websiteHost~~</a></dd>~~/website~~')
  expect(markup).toContain('~~#sizeBand~~<dt class="font-medium">Size</dt><dd>~~sizeBand~~ employees</dd>~~/sizeBand~~')
  expect(markup).toContain('>Jobs at ~~name~~</h2><p>The jobs</p></section>')
  // Every name the template asks for: the view's, and whether it has any facts at all.
  const names = new Set([...markup.matchAll(/~~[#^/]?([^~]+)~~/g)].map(([, name]) => name))
  expect([...names].sort()).toEqual([...Object.keys(COMPANY_VIEW_SLOTS), 'hasFacts'].sort())
})

/** Counts the requests for the saved searches, answering with none. */
function countSavedSearchRequests() {
  const count = { asked: 0 }
  server.use(
    http.get('/jobs/savedSearches', ({ response }) => {
      count.asked++
      return response(200).json({ success: true, message: 'Saved searches fetched successfully', data: [] })
    }),
  )
  return count
}

test('a guest is offered "Log in to follow Acme", which comes back to the company page after login; no saved searches are asked for', async () => {
  answerCompanyProfiles(company())
  answerJobs(pageOf(1))
  const searches = countSavedSearchRequests()
  renderApp('/company/acme?q=rust')
  const login = await screen.findByRole('link', { name: 'Log in to follow Acme' })
  expect(login).toHaveAttribute('href', '/login?next=/company/acme%3Fq%3Drust')
  expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument()
  await screen.findByRole('link', { name: 'Job 1' })
  expect(searches.asked).toBe(0)
})

test("an applicant follows a company: a saved search of its jobs under its name, then Following, pressed; pressed again, it unfollows", async () => {
  answerCompanyProfiles(company({ name: 'Acme Corp' }))
  answerJobs(pageOf(1))
  const sent = answerSavedSearches([savedSearch()])
  signIn(applicant)
  const { user } = renderApp('/company/acme')

  const button = await screen.findByRole('button', { name: 'Follow Acme Corp' })
  await waitFor(() => expect(button).toBeEnabled())
  expect(button).toHaveAttribute('aria-pressed', 'false')
  await user.click(button)
  expect(await screen.findByText("You will get Acme Corp's new jobs by e-mail")).toBeInTheDocument()
  expect(sent).toEqual([{ name: 'Acme Corp', query: 'company=acme' }])
  // The same button, the focus still on it, now says it is on.
  expect(button).toHaveAccessibleName('Following Acme Corp')
  expect(button).toHaveAttribute('aria-pressed', 'true')
  expect(button).toHaveFocus()

  await user.click(button)
  expect(await screen.findByText('You no longer follow Acme Corp')).toBeInTheDocument()
  expect(sent).toEqual([{ name: 'Acme Corp', query: 'company=acme' }, { deleted: 's9' }])
  expect(button).toHaveAccessibleName('Follow Acme Corp')
  expect(button).toHaveAttribute('aria-pressed', 'false')
  expect(button).toHaveFocus()
})

test('a company whose jobs the applicant saved as a search already, under any name, is followed: Following unfollows that search', async () => {
  answerCompanyProfiles(company())
  answerJobs(pageOf(1))
  const sent = answerSavedSearches([savedSearch(), savedSearch({ _id: 's2', name: 'Anvils', query: 'company=acme' })])
  signIn(applicant)
  const { user } = renderApp('/company/ACME')
  const button = await screen.findByRole('button', { name: 'Following Acme' })
  expect(button).toHaveAttribute('aria-pressed', 'true')
  await user.click(button)
  expect(await screen.findByRole('button', { name: 'Follow Acme' })).toHaveAttribute('aria-pressed', 'false')
  expect(sent).toEqual([{ deleted: 's2' }])
})

test("a refused follow says the server's message and stays unfollowed", async () => {
  answerCompanyProfiles(company())
  answerJobs(pageOf(1))
  server.use(http.post('/jobs/savedSearches', ({ response }) => response(400).json({ success: false, message: 'You can keep at most 20 saved searches' })))
  signIn(applicant)
  const { user } = renderApp('/company/acme')
  const button = await screen.findByRole('button', { name: 'Follow Acme' })
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
  expect(await screen.findByText('You can keep at most 20 saved searches')).toBeInTheDocument()
  expect(button).toHaveAccessibleName('Follow Acme')
  expect(button).toHaveAttribute('aria-pressed', 'false')
})

test.each<[string, User]>([
  ['a recruiter', recruiter],
  ['an admin', admin],
])('%s has no way to follow a company, and no saved searches are asked for', async (_who, account) => {
  answerCompanyProfiles(company())
  answerJobs(pageOf(1))
  const searches = countSavedSearchRequests()
  signIn(account)
  renderApp('/company/acme')
  await screen.findByRole('link', { name: 'Job 1' })
  expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: /follow/i })).not.toBeInTheDocument()
  expect(searches.asked).toBe(0)
})

test("the app's first render of the server's page has no way to follow, as the server's markup has none; it comes once the app takes over", async () => {
  answerCompanyProfiles(company())
  answerJobs(pageOf(1))
  const searches = countSavedSearchRequests()
  signIn(applicant)
  const router = createMemoryRouter(routes, { initialEntries: ['/company/acme'] })
  const page = (ready: boolean) => (
    <AppReadyProvider value={ready}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </AppReadyProvider>
  )
  const { rerender } = render(page(false))
  // The plain search of the server's markup, its results in.
  expect(await screen.findByRole('link', { name: 'Job 1' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible()
  expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument()
  expect(searches.asked).toBe(0)

  rerender(page(true))
  expect(await screen.findByRole('button', { name: 'Follow Acme' })).toHaveAttribute('aria-pressed', 'false')
  expect(searches.asked).toBe(1)
})
