import { stubPushBrowser, unstubPushBrowser } from '@/testing/push'
import { base64UrlBytes, browserSubscription, pushSupported, unsubscribeThisBrowser } from './push-subscription'

afterEach(unstubPushBrowser)

test('a base64url key becomes its bytes, without padding and with - and _', () => {
  expect([...base64UrlBytes('-_8')]).toEqual([0xfb, 0xff])
  expect([...base64UrlBytes('AQID')]).toEqual([1, 2, 3])
  expect(base64UrlBytes(`BA${'A'.repeat(85)}`)).toHaveLength(65)
})

test('a browser without service workers cannot take pushes, and unsubscribing there does nothing', async () => {
  expect(pushSupported()).toBe(false)
  expect(await browserSubscription()).toBeNull()
  await expect(unsubscribeThisBrowser()).resolves.toBeUndefined()
})

test("unsubscribing ends this browser's subscription", async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  expect(pushSupported()).toBe(true)
  await unsubscribeThisBrowser()
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1)
  expect(browser.subscription()).toBeNull()
})

test('unsubscribing never throws, even when the browser refuses', async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  browser.subscription()!.unsubscribe.mockRejectedValue(new DOMException('Gone', 'InvalidStateError'))
  await expect(unsubscribeThisBrowser()).resolves.toBeUndefined()
  browser.pushManager.getSubscription.mockRejectedValue(new Error('No worker'))
  await expect(unsubscribeThisBrowser()).resolves.toBeUndefined()
})
