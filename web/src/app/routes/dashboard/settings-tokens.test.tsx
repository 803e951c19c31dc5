import { screen, waitFor, within } from '@testing-library/react'
import type { User } from '@/lib/auth'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { answerTokens, apiToken, SECRET } from '@/testing/tokens'

/** Settings' "API tokens" (docs/product.md#api-tokens-settings). */

const EXPLANATION = 'Scripts and other software can act for you with a token, within the scopes you choose.'
const COPY_NOW = 'Copy it now: it will not be shown again'

afterEach(() => {
  vi.useRealTimers()
})

async function openSettings(person: User = recruiter) {
  signIn(person)
  const view = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  return view
}

const section = async () => within(await screen.findByRole('region', { name: 'API tokens' }))
const tokenList = async () => within(await (await section()).findByRole('list', { name: 'Your tokens' }))
const rows = async () => (await tokenList()).getAllByRole('listitem').map((item) => item.textContent)
const form = async () => within(await (await section()).findByRole('form', { name: 'New token' }))

test('each token is listed with its name, scopes, "Created", "Last used" or "Never used", and "Expires", "Expired" or "Never expires"', async () => {
  // Fixed clock: whether a token has expired depends on today.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-08T12:00:00Z'))
  answerTokens([
    apiToken({ _id: 't-sync', name: 'Careers page sync', scopes: ['jobs:read', 'jobs:write'], createdAt: '2026-03-01T10:00:00Z', lastUsedAt: '2026-03-07T16:42:00Z', expiresAt: '2026-05-30T10:00:00Z' }),
    apiToken({ _id: 't-ats', name: 'ATS import', scopes: ['applications:read'], createdAt: '2026-02-14T08:00:00Z', lastUsedAt: null, expiresAt: null }),
    apiToken({ _id: 't-old', name: 'Old script', scopes: ['applications:read', 'applications:write'], createdAt: '2025-12-01T08:00:00Z', lastUsedAt: '2026-01-02T09:30:00Z', expiresAt: '2026-03-01T08:00:00Z' }),
  ])
  await openSettings()
  const here = await section()
  expect(here.getByText(EXPLANATION)).toBeVisible()
  expect(await rows()).toEqual([
    'Careers page syncScopes: jobs:read, jobs:writeCreated 1 March 2026Last used 7 March 2026Expires 30 May 2026Revoke',
    'ATS importScopes: applications:readCreated 14 February 2026Never usedNever expiresRevoke',
    'Old scriptScopes: applications:read, applications:writeCreated 1 December 2025Last used 2 January 2026Expired 1 March 2026Revoke',
  ])
  const list = await tokenList()
  expect(list.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Revoke Careers page sync', 'Revoke ATS import', 'Revoke Old script'])
})

test('with no tokens the section says "No API tokens yet." and offers the form', async () => {
  answerTokens([])
  await openSettings()
  const here = await section()
  expect(await here.findByText('No API tokens yet.')).toBeVisible()
  expect(here.queryByRole('list', { name: 'Your tokens' })).not.toBeInTheDocument()
  expect((await form()).getByRole('textbox', { name: 'Name' })).toBeVisible()
})

test('a list the server cannot give says its message in the section', async () => {
  server.use(http.get('/auth/tokens', ({ response }) => response(503).json({ success: false, message: 'The database is unreachable' })))
  await openSettings()
  expect(await (await section()).findByRole('alert')).toHaveTextContent('The database is unreachable')
})

test('the form has a Name, a "Scopes" group whose checkboxes each say what the scope allows, and an Expiry of 90 days at first', async () => {
  answerTokens([])
  await openSettings()
  const make = await form()
  expect(make.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  const scopes = within(make.getByRole('group', { name: 'Scopes' }))
  const boxes = scopes.getAllByRole('checkbox')
  expect(boxes.map((box) => [(box.closest('label') as HTMLElement).textContent, box.getAttribute('value')])).toEqual([
    ['jobs:read', 'jobs:read'],
    ['jobs:write', 'jobs:write'],
    ['applications:read', 'applications:read'],
    ['applications:write', 'applications:write'],
    ['webhooks', 'webhooks'],
  ])
  boxes.forEach((box) => expect(box).not.toBeChecked())
  expect(scopes.getByRole('checkbox', { name: 'jobs:read' })).toHaveAccessibleDescription('Read the jobs you work on')
  expect(scopes.getByRole('checkbox', { name: 'jobs:write' })).toHaveAccessibleDescription('Post, edit, close, reopen and delete jobs')
  expect(scopes.getByRole('checkbox', { name: 'applications:read' })).toHaveAccessibleDescription(
    'Read applications, notes, messages and interviews, and search applicants',
  )
  expect(scopes.getByRole('checkbox', { name: 'applications:write' })).toHaveAccessibleDescription(
    'Move applications through the pipeline, rate them, write notes and messages, and schedule interviews',
  )
  expect(scopes.getByRole('checkbox', { name: 'webhooks' })).toHaveAccessibleDescription(
    "Manage the company's webhook endpoints and read their delivery logs",
  )
  const expiry = make.getByRole('combobox', { name: 'Expiry' })
  expect(expiry).toHaveDisplayValue('90 days')
  expect(within(expiry).getAllByRole('option').map((option) => option.textContent)).toEqual(['7 days', '30 days', '90 days', '1 year', 'No expiry'])
})

test('creating a token sends exactly the name, scopes and expiry chosen, shows the secret once, focused, with "Copy it now: it will not be shown again", and Done hides it', async () => {
  // Fixed clock: the new token's dates are today's and a year on.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-08T09:00:00Z'))
  const seen = answerTokens([apiToken({ _id: 't-ats', name: 'ATS import', scopes: ['applications:read'], createdAt: '2026-02-14T08:00:00Z' })])
  const { user } = await openSettings()
  const make = await form()
  await user.type(make.getByRole('textbox', { name: 'Name' }), 'Careers page sync')
  // Ticked out of order: sent in the order shown.
  await user.click(make.getByRole('checkbox', { name: 'applications:read' }))
  await user.click(make.getByRole('checkbox', { name: 'jobs:read' }))
  await user.selectOptions(make.getByRole('combobox', { name: 'Expiry' }), '1 year')
  await user.click(make.getByRole('button', { name: 'Create token' }))

  const here = await section()
  const secret = await here.findByRole('textbox', { name: 'Token for Careers page sync' })
  expect(seen.posted).toEqual([{ name: 'Careers page sync', scopes: ['jobs:read', 'applications:read'], expiresInDays: 365 }])
  expect(secret).toHaveValue(SECRET)
  expect(secret).toHaveAttribute('readonly')
  expect(secret).toHaveFocus()
  expect(secret).toHaveAccessibleDescription(COPY_NOW)
  expect(here.getByRole('status')).toHaveTextContent(COPY_NOW)
  expect(here.queryByRole('form', { name: 'New token' })).not.toBeInTheDocument()
  // The list has the new token, the newest first.
  await waitFor(async () =>
    expect(await rows()).toEqual([
      'Careers page syncScopes: jobs:read, applications:readCreated 8 March 2026Never usedExpires 8 March 2027Revoke',
      'ATS importScopes: applications:readCreated 14 February 2026Never usedNever expiresRevoke',
    ]),
  )

  await user.click(here.getByRole('button', { name: 'Done' }))
  expect(here.queryByRole('textbox', { name: 'Token for Careers page sync' })).not.toBeInTheDocument()
  expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument()
  expect(here.queryByText(COPY_NOW)).not.toBeInTheDocument()
  expect(here.getByRole('status')).toHaveTextContent('')
  // The form is back, empty, its Name field focused for the next one.
  const again = await form()
  expect(again.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  expect(again.getByRole('textbox', { name: 'Name' })).toHaveFocus()
  expect(again.getByRole('combobox', { name: 'Expiry' })).toHaveDisplayValue('90 days')
  expect(seen.posted).toHaveLength(1)
})

test('the name is sent trimmed, the default expiry as 90 days and "No expiry" as null', async () => {
  const seen = answerTokens([])
  const { user } = await openSettings()
  let make = await form()
  await user.type(make.getByRole('textbox', { name: 'Name' }), '  Nightly report  ')
  await user.click(make.getByRole('checkbox', { name: 'applications:read' }))
  await user.click(make.getByRole('button', { name: 'Create token' }))
  await user.click(await (await section()).findByRole('button', { name: 'Done' }))

  make = await form()
  await user.type(make.getByRole('textbox', { name: 'Name' }), 'Job board feed')
  await user.click(make.getByRole('checkbox', { name: 'jobs:read' }))
  await user.click(make.getByRole('checkbox', { name: 'jobs:write' }))
  await user.selectOptions(make.getByRole('combobox', { name: 'Expiry' }), 'No expiry')
  await user.click(make.getByRole('button', { name: 'Create token' }))
  expect(await (await section()).findByRole('textbox', { name: 'Token for Job board feed' })).toHaveValue(SECRET)

  expect(seen.posted).toEqual([
    { name: 'Nightly report', scopes: ['applications:read'], expiresInDays: 90 },
    { name: 'Job board feed', scopes: ['jobs:read', 'jobs:write'], expiresInDays: null },
  ])
})

test('Copy puts the secret on the clipboard and says "Token copied"', async () => {
  answerTokens([])
  const { user } = await openSettings()
  const make = await form()
  await user.type(make.getByRole('textbox', { name: 'Name' }), 'Careers page sync')
  await user.click(make.getByRole('checkbox', { name: 'jobs:read' }))
  await user.click(make.getByRole('button', { name: 'Create token' }))
  await user.click(await (await section()).findByRole('button', { name: 'Copy' }))
  expect(await screen.findByText('Token copied')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe(SECRET)
})

test('a token without a name or a scope is not sent: "Token name is required" and "Choose at least one scope", the Name field focused', async () => {
  const seen = answerTokens([])
  const { user } = await openSettings()
  const make = await form()
  // Spaces alone are no name.
  await user.type(make.getByRole('textbox', { name: 'Name' }), '   ')
  await user.click(make.getByRole('button', { name: 'Create token' }))
  const name = make.getByRole('textbox', { name: 'Name' })
  expect(await make.findByText('Token name is required')).toBeVisible()
  expect(make.getByText('Choose at least one scope')).toBeVisible()
  expect(name).toHaveAttribute('aria-invalid', 'true')
  expect(name).toHaveAccessibleDescription('What the token is for, e.g. "Careers page sync" (at most 60 characters). Token name is required')
  expect(name).toHaveFocus()
  expect(make.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
    'Choose what the token may do; it never does more than your own role allows. Choose at least one scope',
  )
  expect(seen.posted).toEqual([])
})

test('a name longer than 60 characters says "Token name must be at most 60 characters"; one of 60 is sent', async () => {
  const seen = answerTokens([])
  const { user } = await openSettings()
  const make = await form()
  const name = make.getByRole('textbox', { name: 'Name' })
  await user.type(name, 'n'.repeat(61))
  await user.click(make.getByRole('checkbox', { name: 'jobs:read' }))
  await user.click(make.getByRole('button', { name: 'Create token' }))
  expect(await make.findByText('Token name must be at most 60 characters')).toBeVisible()
  expect(make.queryByText('Choose at least one scope')).not.toBeInTheDocument()
  expect(seen.posted).toEqual([])

  await user.type(name, '{Backspace}')
  await user.click(make.getByRole('button', { name: 'Create token' }))
  expect(await (await section()).findByRole('textbox', { name: `Token for ${'n'.repeat(60)}` })).toHaveValue(SECRET)
  expect(seen.posted).toEqual([{ name: 'n'.repeat(60), scopes: ['jobs:read'], expiresInDays: 90 }])
})

test('the server\'s 409 "You already have a token with this name" is shown, no secret appears and the form keeps what was typed', async () => {
  answerTokens([apiToken()])
  server.use(http.post('/auth/tokens', ({ response }) => response(409).json({ success: false, message: 'You already have a token with this name' })))
  const { user } = await openSettings()
  const make = await form()
  await user.type(make.getByRole('textbox', { name: 'Name' }), 'Careers page sync')
  await user.click(make.getByRole('checkbox', { name: 'jobs:read' }))
  await user.click(make.getByRole('button', { name: 'Create token' }))
  expect(await screen.findByText('You already have a token with this name')).toBeInTheDocument()
  expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument()
  expect(screen.queryByText(COPY_NOW)).not.toBeInTheDocument()
  expect(make.getByRole('textbox', { name: 'Name' })).toHaveValue('Careers page sync')
  expect(make.getByRole('checkbox', { name: 'jobs:read' })).toBeChecked()
  expect(make.getByRole('button', { name: 'Create token' })).toBeEnabled()
})

test('Revoke asks first, saying the scripts stop working at once; confirming sends DELETE, says "Token revoked" and the token leaves the list', async () => {
  const seen = answerTokens([
    apiToken({ _id: 't-sync', name: 'Careers page sync' }),
    apiToken({ _id: 't-ats', name: 'ATS import', scopes: ['applications:read'], createdAt: '2026-02-14T08:00:00Z' }),
  ])
  const { user } = await openSettings()
  await user.click((await tokenList()).getByRole('button', { name: 'Revoke Careers page sync' }))
  const dialog = screen.getByRole('dialog', { name: 'Revoke Careers page sync?' })
  expect(dialog).toHaveAccessibleDescription('The scripts and software that use this token stop working at once. This cannot be undone.')
  // The safe answer has the focus; nothing is sent yet.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  expect(seen.deleted).toEqual([])

  await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
  expect(await screen.findByText('Token revoked')).toBeInTheDocument()
  expect(seen.deleted).toEqual(['t-sync'])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await waitFor(async () => expect(await rows()).toEqual(['ATS importScopes: applications:readCreated 14 February 2026Never usedNever expiresRevoke']))
  // Its row, and the button that had the focus, are gone: the list's heading takes it.
  expect((await section()).getByRole('heading', { name: 'Your tokens' })).toHaveFocus()
})

test('revoking the last token leaves "No API tokens yet."', async () => {
  answerTokens([apiToken()])
  const { user } = await openSettings()
  await user.click((await tokenList()).getByRole('button', { name: 'Revoke Careers page sync' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke Careers page sync?' })).getByRole('button', { name: 'Revoke' }))
  expect(await (await section()).findByText('No API tokens yet.')).toBeVisible()
})

test('Cancel in the question keeps the token, sends nothing and gives the focus back to its Revoke button', async () => {
  const seen = answerTokens([apiToken()])
  const { user } = await openSettings()
  const revoke = (await tokenList()).getByRole('button', { name: 'Revoke Careers page sync' })
  await user.click(revoke)
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke Careers page sync?' })).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(revoke).toHaveFocus()
  expect(seen.deleted).toEqual([])
  expect(await rows()).toEqual(['Careers page syncScopes: jobs:readCreated 1 March 2026Never usedNever expiresRevoke'])
})

test('a hiring manager (canCreate false) reads "API tokens are for a company\'s owners and recruiters." and has no form', async () => {
  // Their tokens ended when they were made hiring manager (docs/rules.md#api-tokens).
  answerTokens([], { canCreate: false })
  await openSettings()
  const here = await section()
  expect(await here.findByText("API tokens are for a company's owners and recruiters.")).toBeVisible()
  expect(here.getByText(EXPLANATION)).toBeVisible()
  expect(here.getByText('No API tokens yet.')).toBeVisible()
  expect(here.queryByRole('form', { name: 'New token' })).not.toBeInTheDocument()
  expect(here.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
  expect(here.queryByRole('group', { name: 'Scopes' })).not.toBeInTheDocument()
  expect(here.queryByRole('combobox', { name: 'Expiry' })).not.toBeInTheDocument()
  expect(here.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument()
})

test("an Applicant's Settings has no API tokens section and never asks for tokens", async () => {
  const seen = answerTokens([apiToken()])
  await openSettings(applicant)
  await screen.findByRole('region', { name: 'Password' })
  expect(screen.queryByRole('region', { name: 'API tokens' })).not.toBeInTheDocument()
  expect(seen.fetched).toBe(0)
})

test("an Admin's Settings has no API tokens section and never asks for tokens", async () => {
  const seen = answerTokens([apiToken()])
  await openSettings(admin)
  await screen.findByRole('region', { name: 'Password' })
  expect(screen.queryByRole('region', { name: 'API tokens' })).not.toBeInTheDocument()
  expect(seen.fetched).toBe(0)
})
