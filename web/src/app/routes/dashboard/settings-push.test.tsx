import { screen, waitFor, within } from '@testing-library/react'
import type { User } from '@/lib/auth'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { answerDevices, device, ENDPOINT, stubPushBrowser, unstubPushBrowser } from '@/testing/push'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** Settings' "Notifications on this device" (docs/product.md#notifications-on-this-device). */

const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

afterEach(() => {
  unstubPushBrowser()
  vi.restoreAllMocks()
})

async function openSettings(person: User = applicant) {
  signIn(person)
  const view = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  return view
}

const section = async () => within(await screen.findByRole('region', { name: 'Notifications on this device' }))
const choices = async () => within(await (await section()).findByRole('group', { name: 'Notify me on this device about' }))

test('a browser without service workers, the Push API or notifications says "This browser cannot show notifications."', async () => {
  answerDevices()
  await openSettings()
  const here = await section()
  expect(await here.findByText('This browser cannot show notifications.')).toBeVisible()
  expect(here.queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument()
})

test("notifications blocked for the site say so, and offer no way to turn them on", async () => {
  stubPushBrowser({ permission: 'denied' })
  answerDevices()
  await openSettings()
  const here = await section()
  expect(await here.findByText("Notifications are blocked for this site in your browser's settings.")).toBeVisible()
  expect(here.queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument()
})

test("turning on asks for the permission, subscribes with the server's key and sends the subscription as Chrome on Android with an applicant's kinds, then says the server's message", async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_ANDROID)
  const browser = stubPushBrowser()
  const seen = answerDevices()
  const { user } = await openSettings(applicant)
  await user.click(await (await section()).findByRole('button', { name: 'Turn on notifications on this device' }))
  expect(await screen.findByText('Notifications turned on for this device')).toBeInTheDocument()
  expect(browser.requestPermission).toHaveBeenCalledTimes(1)
  expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1)
  const [options] = browser.pushManager.subscribe.mock.calls[0]
  expect(options.userVisibleOnly).toBe(true)
  const key = options.applicationServerKey as Uint8Array
  expect(key).toBeInstanceOf(Uint8Array)
  expect(key).toHaveLength(65)
  expect(key[0]).toBe(4)
  expect(seen.posted).toEqual([
    { endpoint: ENDPOINT, keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'AuthSecret' }, label: 'Chrome on Android', kinds: ['message', 'interview', 'stageChange', 'newJobs'] },
  ])
  // Now on: a checkbox per kind of the account type, all of them ticked.
  const boxes = await (await choices()).findAllByRole('checkbox')
  expect(boxes.map((box) => (box.closest('label') as HTMLElement).textContent)).toEqual(['Messages', 'Interviews', 'Stage changes', 'New jobs for my saved searches'])
  boxes.forEach((box) => expect(box).toBeChecked())
})

test("a recruiter's device is turned on with a recruiter's kinds and shows their checkboxes", async () => {
  stubPushBrowser()
  const seen = answerDevices()
  const { user } = await openSettings(recruiter)
  await user.click(await (await section()).findByRole('button', { name: 'Turn on notifications on this device' }))
  const boxes = await (await choices()).findAllByRole('checkbox')
  expect(boxes.map((box) => (box.closest('label') as HTMLElement).textContent)).toEqual(['Messages', 'Interviews', 'New applications', 'Mentions', 'Jobs closing soon'])
  expect(seen.posted).toEqual([expect.objectContaining({ kinds: ['message', 'interview', 'newApplication', 'mention', 'jobClosing'] })])
})

test('a person who does not allow notifications hears "Notifications were not allowed", nothing is sent, and the section says they are blocked', async () => {
  const browser = stubPushBrowser({ answer: 'denied' })
  const seen = answerDevices()
  const { user } = await openSettings()
  await user.click(await (await section()).findByRole('button', { name: 'Turn on notifications on this device' }))
  expect(await screen.findByText('Notifications were not allowed')).toBeInTheDocument()
  expect(await (await section()).findByText("Notifications are blocked for this site in your browser's settings.")).toBeVisible()
  expect(browser.pushManager.subscribe).not.toHaveBeenCalled()
  expect(seen.keyAsked).toBe(0)
  expect(seen.posted).toEqual([])
})

test("a device the server refuses says the server's message and leaves the browser unsubscribed", async () => {
  const browser = stubPushBrowser()
  answerDevices()
  server.use(
    http.post('/auth/push/devices', ({ response }) =>
      response(400).json({ success: false, message: 'Notifications can be on for at most 20 devices: turn one off first' }),
    ),
  )
  const { user } = await openSettings()
  await user.click(await (await section()).findByRole('button', { name: 'Turn on notifications on this device' }))
  expect(await screen.findByText('Notifications can be on for at most 20 devices: turn one off first')).toBeInTheDocument()
  await waitFor(() => expect(browser.subscription()).toBeNull())
  expect((await section()).getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled()
})

test("switching kinds and pressing Save sends the kinds chosen and says the server's message", async () => {
  stubPushBrowser({ permission: 'granted', subscribed: true })
  const seen = answerDevices([device()])
  const { user } = await openSettings()
  const kinds = await choices()
  const boxes = await kinds.findAllByRole('checkbox')
  expect(boxes).toHaveLength(4)
  await user.click(kinds.getByRole('checkbox', { name: 'Stage changes' }))
  await user.click(kinds.getByRole('checkbox', { name: 'New jobs for my saved searches' }))
  await user.click((await section()).getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Notification settings saved')).toBeInTheDocument()
  expect(seen.put).toEqual([{ deviceId: 'd-this', body: { kinds: ['message', 'interview'] } }])
})

test('turning off this device deletes it on the server, ends the browser subscription and offers to turn on again', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  const seen = answerDevices([device()])
  const { user } = await openSettings()
  await user.click(await (await section()).findByRole('button', { name: 'Turn off notifications on this device' }))
  expect(await screen.findByText('Notifications turned off for this device')).toBeInTheDocument()
  expect(seen.deleted).toEqual(['d-this'])
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1)
  expect(await (await section()).findByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible()
  expect(screen.queryByRole('group', { name: 'Notify me on this device about' })).not.toBeInTheDocument()
})

test('the other devices are listed with the date each was added, and "Turn off" turns one off', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const seen = answerDevices([
    device({ _id: 'd-laptop', label: 'Firefox on Windows', endpoint: 'https://push.example.com/send/laptop', createdAt: '2026-03-05T18:30:00Z' }),
    device(),
    device({ _id: 'd-phone', label: 'Safari on iPhone', endpoint: 'https://push.example.com/send/phone', createdAt: '2026-02-14T08:00:00Z' }),
  ])
  const { user } = await openSettings()
  const here = await section()
  const others = within(await here.findByRole('list', { name: 'Your other devices' }))
  expect(others.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Firefox on WindowsAdded 5 March 2026Turn off',
    'Safari on iPhoneAdded 14 February 2026Turn off',
  ])
  await user.click(others.getByRole('button', { name: 'Turn off Safari on iPhone' }))
  expect(await screen.findByText('Notifications turned off for this device')).toBeInTheDocument()
  expect(seen.deleted).toEqual(['d-phone'])
  await waitFor(() => expect(others.queryByText('Safari on iPhone')).not.toBeInTheDocument())
  expect(others.getByRole('button', { name: 'Turn off Firefox on Windows' })).toBeVisible()
  // This browser stays on.
  expect(browser.subscription()?.unsubscribe).not.toHaveBeenCalled()
  expect(here.getByRole('group', { name: 'Notify me on this device about' })).toBeVisible()
})

test('a browser that cannot show notifications still lists the devices that can, to turn them off', async () => {
  answerDevices([device({ label: 'Chrome on Android' })])
  await openSettings()
  const here = await section()
  const others = within(await here.findByRole('list', { name: 'Your other devices' }))
  expect(others.getByRole('button', { name: 'Turn off Chrome on Android' })).toBeVisible()
})

test('an Admin has no "Notifications on this device" section', async () => {
  stubPushBrowser()
  await openSettings(admin)
  await screen.findByRole('region', { name: 'Password' })
  expect(screen.queryByRole('region', { name: 'Notifications on this device' })).not.toBeInTheDocument()
})
