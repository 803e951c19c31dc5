import { http, server } from '@/testing/server'
import { categories, job } from '@/testing/fixtures'
import { api, payload } from './api-client'
import { keepTyped, PAGE_ANSWER_MS, resetPageAnswers, takePageAnswer } from './page-data'
import { arriveWith } from '@/testing/page-data'

afterEach(() => {
  document.getElementById('page-data')?.remove()
  resetPageAnswers()
})

test("a page's answer is taken by the first request for it, parameters in any order, and only once", () => {
  arriveWith([
    { url: '/api/v1/jobs/alljobs?q=rust&openOnly=true&page=1&limit=20', body: { total: 3 } },
    { url: '/api/v1/jobs/showAllCategories', body: { categories: [] } },
  ])
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/alljobs?q=go&openOnly=true&page=1&limit=20', 5)).toBeUndefined()
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/alljobs?limit=20&page=1&openOnly=true&q=rust', 5)).toEqual({ total: 3 })
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/alljobs?limit=20&page=1&openOnly=true&q=rust', 6)).toBeUndefined()
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/showAllCategories', 7)).toEqual({ categories: [] })
})

test("once the page is no longer new its answers are dropped, never served stale", () => {
  arriveWith([{ url: '/api/v1/jobs/showAllCategories', body: { categories: [] } }])
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/showAllCategories', PAGE_ANSWER_MS + 1)).toBeUndefined()
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/showAllCategories', 1)).toBeUndefined()
})

test('a page without answers, or with a broken list, has none', () => {
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/showAllCategories', 1)).toBeUndefined()
  resetPageAnswers()
  arriveWith('not a list')
  expect(takePageAnswer('http://localhost:3000/api/v1/jobs/showAllCategories', 1)).toBeUndefined()
})

test("the API client answers a page's first request from the page and later ones from the server", async () => {
  const fromPage = job({ _id: 'j1', title: 'From the page' })
  arriveWith([{ url: '/api/v1/jobs/getJob/j1', body: { success: true, message: 'Job fetched successfully', data: fromPage } }])
  let asked = 0
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => {
      asked += 1
      return response(200).json({ success: true, message: 'Job fetched successfully', data: job({ _id: 'j1', title: 'From the server' }) })
    }),
    http.get('/jobs/showAllCategories', ({ response }) => response(200).json({ success: true, message: 'ok', categories })),
  )
  const get = () => payload(api.GET('/jobs/getJob/{jobId}', { params: { path: { jobId: 'j1' } } }))
  expect((await get()).data.title).toBe('From the page')
  expect(asked).toBe(0)
  expect((await get()).data.title).toBe('From the server')
  expect(asked).toBe(1)
})

test('what was typed into the server’s markup, and the focus, move to the app’s fields of the same id', () => {
  document.body.innerHTML = '<div id="root"><div><main id="main-content" data-drawn><input id="hero-search" value=""><input id="other" value="kept"></main></div></div>'
  const drawnInput = document.getElementById('hero-search') as HTMLInputElement
  drawnInput.value = 'rust developer'
  drawnInput.focus()
  const restore = keepTyped()

  // The app draws its own fields in the markup's place.
  document.body.innerHTML = '<div id="root"><div><main id="main-content"><input id="hero-search" value=""><input id="other" value="app"></main></div></div>'
  const seen: string[] = []
  const appInput = document.getElementById('hero-search') as HTMLInputElement
  appInput.addEventListener('input', () => seen.push(appInput.value))
  restore()
  expect(appInput.value).toBe('rust developer')
  expect(seen).toEqual(['rust developer'])
  expect(document.activeElement).toBe(appInput)
  expect((document.getElementById('other') as HTMLInputElement).value).toBe('app')
  document.body.innerHTML = ''
})

test('what was typed into the app’s first render, the server’s markup over again, moves on to its own screen too', () => {
  document.body.innerHTML = '<div id="root"><main id="main-content" data-drawn><input id="job-search" value=""></main></div>'
  const restore = keepTyped()
  // The first render: the same markup, the app's now.
  document.body.innerHTML = '<div id="root"><main id="main-content"><input id="job-search" value=""></main></div>'
  const first = document.getElementById('job-search') as HTMLInputElement
  first.focus()
  first.value = 'welder'
  first.dispatchEvent(new Event('input', { bubbles: true }))
  // The app's own screen.
  document.body.innerHTML = '<div id="root"><main id="main-content"><form><input id="job-search" value=""></form></main></div>'
  restore()
  const own = document.getElementById('job-search') as HTMLInputElement
  expect(own.value).toBe('welder')
  expect(document.activeElement).toBe(own)
  // Listening ends with the takeover.
  own.value = 'later'
  own.dispatchEvent(new Event('input', { bubbles: true }))
  document.body.innerHTML = '<div id="root"><main id="main-content"><input id="job-search" value=""></main></div>'
  restore()
  expect((document.getElementById('job-search') as HTMLInputElement).value).toBe('welder')
  document.body.innerHTML = ''
})
