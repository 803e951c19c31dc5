import { screen, waitFor, within } from '@testing-library/react'
import type { User } from '@/lib/auth'
import { answerCalendarFeed, feedUrl } from '@/testing/calendar-feed'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** Settings' "Calendar feed" (docs/product.md#calendar-feed-settings). */

const EXPLANATION =
  'Subscribe your calendar (Google Calendar, Outlook, Apple Calendar) to your booked interviews: it shows each one and keeps up with changes within an hour.'
const FEED_OFF = 'Your calendar feed is off.'
const HOW_TO = 'In your calendar, add a calendar "From URL" (Google Calendar) or "Subscribe to calendar" (Outlook, Apple Calendar) and paste this address.'
const KEEP_PRIVATE = 'Anyone who has this address can see your interviews: keep it private.'
const MADE = 'Calendar feed address made: anyone who has it can see your interviews'

afterEach(() => {
  vi.restoreAllMocks()
})

async function openSettings(person: User = recruiter) {
  signIn(person)
  const view = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  return view
}

const section = async () => within(await screen.findByRole('region', { name: 'Calendar feed' }))
const addressField = async () => (await section()).findByRole('textbox', { name: 'Calendar address' })

test('with the feed off the section explains it, says "Your calendar feed is off." and offers "Make a calendar address", no address shown', async () => {
  answerCalendarFeed(null)
  await openSettings()
  const here = await section()
  expect(here.getByText(EXPLANATION)).toBeVisible()
  expect(await here.findByText(FEED_OFF)).toBeVisible()
  expect(here.getByRole('button', { name: 'Make a calendar address' })).toBeEnabled()
  expect(here.queryByRole('textbox', { name: 'Calendar address' })).not.toBeInTheDocument()
  expect(here.queryByText(KEEP_PRIVATE)).not.toBeInTheDocument()
  expect(here.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument()
  expect(here.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument()
})

test('"Make a calendar address" sends POST, says the server\'s message and shows the address in a read-only field that takes the focus, described by how to subscribe and the warning', async () => {
  const seen = answerCalendarFeed(null)
  const { user } = await openSettings()
  await user.click(await (await section()).findByRole('button', { name: 'Make a calendar address' }))

  expect(await screen.findByText(MADE)).toBeInTheDocument()
  const field = await addressField()
  expect(seen.posted).toBe(1)
  expect(field).toHaveValue(feedUrl(2))
  expect(field).toHaveAttribute('readonly')
  await waitFor(() => expect(field).toHaveFocus())
  expect(field).toHaveAccessibleDescription(`${HOW_TO} ${KEEP_PRIVATE}`)
  const here = await section()
  expect(here.getByText(KEEP_PRIVATE)).toBeVisible()
  expect(here.queryByText(FEED_OFF)).not.toBeInTheDocument()
  expect(here.queryByRole('button', { name: 'Make a calendar address' })).not.toBeInTheDocument()
  expect(here.getAllByRole('button').map((button) => button.textContent)).toEqual(['Copy', 'Make a new address', 'Turn off'])
})

test('with the feed on the section shows its address, the warning, Copy, "Make a new address" and "Turn off"', async () => {
  answerCalendarFeed(feedUrl(1))
  await openSettings()
  const field = await addressField()
  expect(field).toHaveValue(feedUrl(1))
  expect(field).toHaveAttribute('readonly')
  expect(field).toHaveAccessibleDescription(`${HOW_TO} ${KEEP_PRIVATE}`)
  const here = await section()
  expect(here.getByText(EXPLANATION)).toBeVisible()
  expect(here.getByText(KEEP_PRIVATE)).toBeVisible()
  expect(here.queryByText(FEED_OFF)).not.toBeInTheDocument()
  expect(here.getAllByRole('button').map((button) => button.textContent)).toEqual(['Copy', 'Make a new address', 'Turn off'])
})

test('a feed the server cannot give says its message in the section', async () => {
  server.use(http.get('/auth/calendar-feed', ({ response }) => response(503).json({ success: false, message: 'The database is unreachable' })))
  await openSettings()
  expect(await (await section()).findByRole('alert')).toHaveTextContent('The database is unreachable')
})

test('Copy puts the address on the clipboard and says "Calendar address copied"', async () => {
  answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  await user.click((await section()).getByRole('button', { name: 'Copy' }))
  expect(await screen.findByText('Calendar address copied')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe(feedUrl(1))
})

test('where the clipboard refuses, Copy says "Could not copy the address: select it and copy it yourself" and selects the address, focused', async () => {
  answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  const field = (await addressField()) as HTMLInputElement
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied', 'NotAllowedError'))
  await user.click((await section()).getByRole('button', { name: 'Copy' }))
  expect(await screen.findByText('Could not copy the address: select it and copy it yourself')).toBeInTheDocument()
  expect(field).toHaveFocus()
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, feedUrl(1).length])
})

test('"Make a new address" asks first, saying the old address stops working; Cancel sends nothing, keeps the old address and gives the focus back', async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  const renew = (await section()).getByRole('button', { name: 'Make a new address' })
  await user.click(renew)
  const dialog = screen.getByRole('dialog', { name: 'Make a new calendar address?' })
  expect(dialog).toHaveAccessibleDescription(
    'The address you have now stops working at once: calendars subscribed to it no longer get your interviews until you subscribe them to the new one.',
  )
  // The safe answer has the focus; nothing is sent yet.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  expect(seen.posted).toBe(0)

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(renew).toHaveFocus()
  expect(seen.posted).toBe(0)
  expect(await addressField()).toHaveValue(feedUrl(1))
})

test('confirming "Make a new address" sends POST, says the server\'s message and shows the new address, focused', async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  await user.click((await section()).getByRole('button', { name: 'Make a new address' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Make a new calendar address?' })).getByRole('button', { name: 'Make a new address' }))

  expect(await screen.findByText(MADE)).toBeInTheDocument()
  expect(seen.posted).toBe(1)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  const field = await addressField()
  await waitFor(() => expect(field).toHaveValue(feedUrl(2)))
  await waitFor(() => expect(field).toHaveFocus())
  expect(screen.queryByDisplayValue(feedUrl(1))).not.toBeInTheDocument()
})

test('"Turn off" asks first; confirming sends DELETE, says "Calendar feed turned off", shows the feed off and gives the focus to the section\'s heading', async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  await user.click((await section()).getByRole('button', { name: 'Turn off' }))
  const dialog = screen.getByRole('dialog', { name: 'Turn off your calendar feed?' })
  expect(dialog).toHaveAccessibleDescription(
    'Its address stops working at once: calendars subscribed to it no longer get your interviews. You can make a new address later.',
  )
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  expect(seen.deleted).toBe(0)

  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
  expect(await screen.findByText('Calendar feed turned off')).toBeInTheDocument()
  expect(seen.deleted).toBe(1)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  const here = await section()
  expect(await here.findByText(FEED_OFF)).toBeVisible()
  expect(here.getByRole('button', { name: 'Make a calendar address' })).toBeEnabled()
  expect(here.queryByRole('textbox', { name: 'Calendar address' })).not.toBeInTheDocument()
  expect(screen.queryByDisplayValue(feedUrl(1))).not.toBeInTheDocument()
  // The buttons that had the focus are gone: the section's heading takes it.
  await waitFor(() => expect(here.getByRole('heading', { level: 2, name: 'Calendar feed' })).toHaveFocus())
})

test('Cancel in "Turn off your calendar feed?" sends nothing, keeps the address and gives the focus back to "Turn off"', async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  const off = (await section()).getByRole('button', { name: 'Turn off' })
  await user.click(off)
  await user.click(within(screen.getByRole('dialog', { name: 'Turn off your calendar feed?' })).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(off).toHaveFocus()
  expect(seen.deleted).toBe(0)
  expect(await addressField()).toHaveValue(feedUrl(1))
})

test('a feed turned off meanwhile elsewhere: "Turn off" shows the server\'s 404 "Your calendar feed is off already" and the feed off', async () => {
  answerCalendarFeed(feedUrl(1))
  const { user } = await openSettings()
  await addressField()
  // Another tab turned it off.
  server.use(
    http.get('/auth/calendar-feed', ({ response }) => response(200).json({ success: true, message: 'Calendar feed fetched successfully', url: null })),
    http.delete('/auth/calendar-feed', ({ response }) => response(404).json({ success: false, message: 'Your calendar feed is off already' })),
  )
  await user.click((await section()).getByRole('button', { name: 'Turn off' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Turn off your calendar feed?' })).getByRole('button', { name: 'Turn off' }))
  expect(await screen.findByText('Your calendar feed is off already')).toBeInTheDocument()
  expect(await (await section()).findByText(FEED_OFF)).toBeVisible()
  expect(screen.queryByText('Calendar feed turned off')).not.toBeInTheDocument()
})

test("an Applicant's Settings has no Calendar feed section and never asks for the feed", async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  await openSettings(applicant)
  await screen.findByRole('region', { name: 'Password' })
  expect(screen.queryByRole('region', { name: 'Calendar feed' })).not.toBeInTheDocument()
  expect(seen.fetched).toBe(0)
})

test("an Admin's Settings has no Calendar feed section and never asks for the feed", async () => {
  const seen = answerCalendarFeed(feedUrl(1))
  await openSettings(admin)
  await screen.findByRole('region', { name: 'Password' })
  expect(screen.queryByRole('region', { name: 'Calendar feed' })).not.toBeInTheDocument()
  expect(seen.fetched).toBe(0)
})
