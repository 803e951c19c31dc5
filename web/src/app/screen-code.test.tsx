import { screen as view } from '@testing-library/react'
import { http as rawHttp, HttpResponse } from 'msw'
import { useState } from 'react'
import { Link, Outlet, useLocation, type RouteObject } from 'react-router'
import { page } from '@/lib/reload'
import { server } from '@/testing/server'
import { renderApp } from '@/testing/render'
import PageError from './routes/page-error'
import { screen, useScreenCodeFirst } from './screen-code'

const OFFLINE = 'You appear to be offline. Try again'

function Search() {
  const [query, setQuery] = useState('')
  return (
    <>
      <h1>Search</h1>
      <label>
        Keywords
        <input value={query} onChange={(event) => setQuery(event.target.value)} />
      </label>
      <Link to="/about">About Us</Link>
    </>
  )
}

function About() {
  return <h1>About</h1>
}

/** The search page, and an About page whose code the test hands over (or refuses) on each fetch. */
function setUp() {
  const load = vi.fn<() => Promise<{ default: typeof About }>>()
  function Where() {
    return <p>At {useLocation().pathname}</p>
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: function Root() {
        useScreenCodeFirst(routes)
        return (
          <>
            <Where />
            <Outlet />
          </>
        )
      },
      children: [
        {
          ErrorBoundary: PageError,
          children: [
            { index: true, Component: Search },
            { path: 'about', lazy: screen(load) },
          ],
        },
      ],
    },
  ]
  return { load, ...renderApp('/', routes) }
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/about-1a2b3c.js'))

afterEach(() => vi.restoreAllMocks())

test(`offline, a link to a screen whose code is not here says "${OFFLINE}" at once and keeps the page and what was typed; online again, the link works`, async () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  const { load, user } = setUp()
  // Offline, a fetch may fail at once or hang: the visitor is told within a second either way.
  load.mockReturnValue(new Promise(() => {}))
  await user.type(view.getByRole('textbox', { name: 'Keywords' }), 'rust developer')

  const tapped = Date.now()
  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByText(OFFLINE)).toBeInTheDocument()
  expect(Date.now() - tapped).toBeLessThan(2_000)
  expect(view.getByText('At /')).toBeVisible()
  expect(view.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  expect(view.getByRole('textbox', { name: 'Keywords' })).toHaveValue('rust developer')

  onLine.mockReturnValue(true)
  load.mockResolvedValue({ default: About })
  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByRole('heading', { level: 1, name: 'About' })).toBeVisible()
  expect(view.getByText('At /about')).toBeVisible()
})

test('offline, a screen whose code the browser holds already opens as usual', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  const { load, user } = setUp()
  load.mockResolvedValue({ default: About })
  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByRole('heading', { level: 1, name: 'About' })).toBeVisible()
  expect(view.queryByText(OFFLINE)).not.toBeInTheDocument()
})

test('when the code cannot be fetched and the site does not answer either, the page stays with the offline message; a second tap fetches again', async () => {
  server.use(rawHttp.head('*/', () => HttpResponse.error()))
  const { load, user } = setUp()
  load.mockImplementationOnce(missingChunk)
  await user.type(view.getByRole('textbox', { name: 'Keywords' }), 'nurse')

  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByText(OFFLINE)).toBeInTheDocument()
  expect(view.getByText('At /')).toBeVisible()
  expect(view.getByRole('textbox', { name: 'Keywords' })).toHaveValue('nurse')

  load.mockResolvedValue({ default: About })
  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByRole('heading', { level: 1, name: 'About' })).toBeVisible()
  expect(load).toHaveBeenCalledTimes(2)
})

test('when the code is gone but the site answers (a new deploy), the screen\'s error takes over and reloads', async () => {
  server.use(rawHttp.head('*/', () => new HttpResponse(null, { status: 200 })))
  const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  const { load, user } = setUp()
  load.mockImplementation(missingChunk)

  await user.click(view.getByRole('link', { name: 'About Us' }))
  expect(await view.findByRole('heading', { level: 1, name: "Couldn't load this page." })).toBeVisible()
  expect(view.getByText('The connection may have dropped, or the site was just updated.')).toBeVisible()
  expect(view.queryByText(OFFLINE)).not.toBeInTheDocument()
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
})
