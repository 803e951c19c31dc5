import { appPath, FALLBACK_NOTICE, readPush, windowFor } from './push-payload'

const ORIGIN = 'https://jobs.example.com'

test('a push with a title, body, link and tag shows them and opens the link', () => {
  const text = JSON.stringify({ title: 'New message', body: 'Priya, Acme wrote to you', url: '/dashboard/my-applications?conversation=7', tag: 'conversation-7' })
  expect(readPush(text, ORIGIN)).toEqual({
    title: 'New message',
    body: 'Priya, Acme wrote to you',
    url: '/dashboard/my-applications?conversation=7',
    tag: 'conversation-7',
  })
})

test('a push without a tag shows a notice of its own', () => {
  expect(readPush(JSON.stringify({ title: 'Interview booked', body: 'Sun, 8 Mar', url: '/dashboard/interviews/3' }), ORIGIN)).toEqual({
    title: 'Interview booked',
    body: 'Sun, 8 Mar',
    url: '/dashboard/interviews/3',
  })
})

test.each([
  ['no payload', undefined],
  ['an empty payload', ''],
  ['text that is not JSON', 'You have news'],
  ['JSON that is not an object', '"hello"'],
  ['null', 'null'],
  ['no title', JSON.stringify({ body: 'Hi', url: '/jobs' })],
  ['a blank title', JSON.stringify({ title: '  ', body: 'Hi', url: '/jobs' })],
  ['a body that is not text', JSON.stringify({ title: 'Hi', body: 3, url: '/jobs' })],
])('a push with %s shows the generic notice, which opens the dashboard', (_case, text) => {
  expect(readPush(text, ORIGIN)).toEqual({ title: 'jobportal', body: 'Something new is waiting for you.', url: '/dashboard' })
  expect(FALLBACK_NOTICE.url).toBe('/dashboard')
})

test('a push whose link is not a path of the site keeps its text and opens the dashboard', () => {
  const notice = readPush(JSON.stringify({ title: 'New job', body: 'Rust developer', url: 'https://evil.example/jobs' }), ORIGIN)
  expect(notice).toEqual({ title: 'New job', body: 'Rust developer', url: '/dashboard' })
})

test.each([
  ['a full address elsewhere', 'https://evil.example/login'],
  ['a full address of the site itself', 'https://jobs.example.com/jobs'],
  ['an address without a scheme', '//evil.example/login'],
  ['a backslash address', '/\\evil.example/login'],
  ['a script', 'javascript:alert(1)'],
  ['a relative path', 'jobs'],
  ['no link', undefined],
  ['a number', 42],
])('a link that is %s opens the dashboard', (_case, url) => {
  expect(appPath(url, ORIGIN)).toBe('/dashboard')
})

test('a path of the site keeps its query and fragment', () => {
  expect(appPath('/job/12?from=push#apply', ORIGIN)).toBe('/job/12?from=push#apply')
})

test('a path that climbs out of the root stays on the site', () => {
  expect(appPath('/../../jobs', ORIGIN)).toBe('/jobs')
})

test('a link opens in the focused window, else one in sight, else any open one', () => {
  const hidden = { id: 'hidden', focused: false, visibilityState: 'hidden' as const }
  const visible = { id: 'visible', focused: false, visibilityState: 'visible' as const }
  const focused = { id: 'focused', focused: true, visibilityState: 'visible' as const }
  expect(windowFor([hidden, visible, focused])?.id).toBe('focused')
  expect(windowFor([hidden, visible])?.id).toBe('visible')
  expect(windowFor([hidden])?.id).toBe('hidden')
  expect(windowFor([])).toBeUndefined()
})
