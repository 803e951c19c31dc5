import { screen, waitFor, within } from '@testing-library/react'
import type { CompanyRole } from '@/features/companies/types'
import type { Schemas } from '@/lib/api-client'
import { answerCompany, company } from '@/testing/companies'
import { recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'
import { answerWebhooks, FAILED_FOR_A_DAY, ROTATED_SECRET, SIGNING_SECRET, TURNED_OFF, webhookDelivery, webhookEndpoint } from '@/testing/webhooks'

/** The Company screen's "Webhooks" (docs/product.md#webhooks-settings). */

const EXPLANATION =
  "Other software can hear about your company's applications, interviews, messages and jobs as they happen: each event is posted to your endpoint, signed with its secret (Standard Webhooks)."
const COPY_NOW = 'Copy it now: it will not be shown again'
const HR = 'https://hooks.acme.example/jobportal'
const ATS = 'https://ats.example.com/in/acme'

type WebhookEndpoint = Schemas['WebhookEndpoint']
type WebhookDelivery = Schemas['WebhookDelivery']

beforeEach(() => {
  // The delivery log's times read the same wherever the tests run.
  viewerIn('Asia/Kolkata')
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Signs in as Raj, `role` in Acme, the server holding `endpoints` and their `deliveries`, and opens the Company screen at its Webhooks section. */
async function openWebhooks({
  role = 'owner',
  endpoints = [],
  deliveries = {},
}: { role?: CompanyRole; endpoints?: WebhookEndpoint[]; deliveries?: Record<string, WebhookDelivery[]> } = {}) {
  answerCompany(company(), role)
  const seen = answerWebhooks(endpoints, { deliveries })
  signIn(recruiter)
  const view = renderApp('/dashboard/company')
  const region = within(await screen.findByRole('region', { name: 'Webhooks' }))
  await region.findByRole('heading', { level: 3, name: 'Endpoints' })
  return { ...view, seen }
}

const section = () => within(screen.getByRole('region', { name: 'Webhooks' }))
const endpointList = () => within(section().getByRole('list', { name: 'Endpoints' }))
const row = (url: string) => within(section().getByText(url).closest('li')!)
const addForm = () => within(section().getByRole('form', { name: 'Add endpoint' }))

/** Fills the Add endpoint form: a URL, a description when given, and the events by their words. */
async function fillAdd(user: ReturnType<typeof renderApp>['user'], url: string, description: string, events: string[]) {
  const form = addForm()
  if (url) await user.type(form.getByRole('textbox', { name: 'URL' }), url)
  if (description) await user.type(form.getByRole('textbox', { name: 'Description (optional)' }), description)
  for (const event of events) await user.click(form.getByRole('checkbox', { name: event }))
}

test('each endpoint shows its URL, description, events, added date and status: "On", "Failing since {date}" while still on, or "Off: {why}, since {date}"', async () => {
  await openWebhooks({
    endpoints: [
      webhookEndpoint(),
      webhookEndpoint({ _id: 'wh-ats', url: ATS, description: '', events: ['job.published', 'job.closed'], createdAt: '2026-02-14T08:00:00Z', failingSince: '2026-03-07T16:42:00Z' }),
      webhookEndpoint({ _id: 'wh-old', url: 'https://old.example.org/hook', description: 'Old intranet', events: ['message.received'], disabledAt: '2026-03-05T10:00:00Z', disabledReason: TURNED_OFF }),
      webhookEndpoint({
        _id: 'wh-dead',
        url: 'https://dead.example.net/events',
        description: 'Reporting',
        events: ['interview.booked', 'interview.cancelled'],
        disabledAt: '2026-03-06T11:00:00Z',
        disabledReason: FAILED_FOR_A_DAY,
        failingSince: '2026-03-05T11:00:00Z',
      }),
    ],
  })
  expect(section().getByText(EXPLANATION)).toBeVisible()
  const items = endpointList().getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    `${HR}HR systemEvents: application.created, application.withdrawnAdded 1 March 2026Status: OnDelivery logRotate secretTurn offEditDelete`,
    `${ATS}Events: job.published, job.closedAdded 14 February 2026Status: OnFailing since 7 March 2026Delivery logRotate secretTurn offEditDelete`,
    `https://old.example.org/hookOld intranetEvents: message.receivedAdded 1 March 2026Status: Off: ${TURNED_OFF}, since 5 March 2026Delivery logRotate secretTurn onEditDelete`,
    `https://dead.example.net/eventsReportingEvents: interview.booked, interview.cancelledAdded 1 March 2026Status: Off: ${FAILED_FOR_A_DAY}, since 6 March 2026Delivery logRotate secretTurn onEditDelete`,
  ])
  // Each button names the endpoint it acts on.
  expect(row(HR).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
    `Delivery log of ${HR}`,
    `Rotate secret of ${HR}`,
    `Turn off ${HR}`,
    `Edit ${HR}`,
    `Delete ${HR}`,
  ])
  expect(row('https://dead.example.net/events').getByRole('button', { name: 'Turn on https://dead.example.net/events' })).toHaveTextContent('Turn on')
  // The failing mark is for an endpoint still on: the one the server turned off says why instead.
  expect(row('https://dead.example.net/events').queryByText(/Failing since/)).not.toBeInTheDocument()
})

test('with no endpoints the section says "No webhook endpoints yet." and offers the Add endpoint form', async () => {
  await openWebhooks()
  expect(section().getByText('No webhook endpoints yet.')).toBeVisible()
  expect(section().queryByRole('list', { name: 'Endpoints' })).not.toBeInTheDocument()
  expect(addForm().getByRole('textbox', { name: 'URL' })).toHaveValue('')
})

test('the endpoints the server cannot give are its message in the section', async () => {
  answerCompany(company(), 'owner')
  server.use(http.get('/company/webhooks', ({ response }) => response(503).json({ success: false, message: 'The database is unreachable' })))
  signIn(recruiter)
  renderApp('/dashboard/company')
  const region = within(await screen.findByRole('region', { name: 'Webhooks' }))
  expect(await region.findByRole('alert')).toHaveTextContent('The database is unreachable')
})

test('the Add endpoint form has a URL field of type url, an optional Description and an "Events" group whose checkboxes say each event in words, described by its name', async () => {
  await openWebhooks()
  const form = addForm()
  const url = form.getByRole('textbox', { name: 'URL' })
  expect(url).toHaveAttribute('type', 'url')
  expect(url).toHaveAccessibleDescription('An https:// address on the public internet; each event is posted to it.')
  expect(form.getByRole('textbox', { name: 'Description (optional)' })).toHaveAccessibleDescription('What it is, e.g. "HR system" (at most 200 characters).')
  const events = within(form.getByRole('group', { name: 'Events' }))
  const boxes = events.getAllByRole('checkbox')
  expect(boxes.map((box) => [(box.closest('label') as HTMLElement).textContent, box.getAttribute('value')])).toEqual([
    ['Someone applied to a job', 'application.created'],
    ['An applicant withdrew', 'application.withdrawn'],
    ['An application moved to another stage', 'application.stage_changed'],
    ['An interview was booked', 'interview.booked'],
    ['An interview was cancelled', 'interview.cancelled'],
    ['An applicant sent a message', 'message.received'],
    ['A job was posted', 'job.published'],
    ['A job stopped taking applications', 'job.closed'],
    ['A job was deleted', 'job.deleted'],
  ])
  boxes.forEach((box) => expect(box).not.toBeChecked())
  expect(events.getByRole('checkbox', { name: 'An applicant withdrew' })).toHaveAccessibleDescription('application.withdrawn')
  expect(form.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose what is posted to this endpoint as it happens.')
})

test('adding an endpoint sends exactly its URL, description and events, shows the signing secret once, focused, with "Copy it now: it will not be shown again", and Done hides it', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  // Ticked out of order, the description padded: sent in the order shown, trimmed.
  await fillAdd(user, ATS, '  Applicant tracking  ', ['A job was posted', 'Someone applied to a job'])
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  const secret = await section().findByRole('textbox', { name: `Signing secret for ${ATS}` })
  expect(seen.posted).toEqual([{ url: ATS, description: 'Applicant tracking', events: ['application.created', 'job.published'] }])
  expect(secret).toHaveValue(SIGNING_SECRET)
  expect(secret).toHaveAttribute('readonly')
  expect(secret).toHaveFocus()
  expect(secret).toHaveAccessibleDescription(COPY_NOW)
  expect(section().getAllByRole('status').map((status) => status.textContent)).toContain(COPY_NOW)
  expect(section().queryByRole('form', { name: 'Add endpoint' })).not.toBeInTheDocument()
  // The new endpoint is listed after the first.
  await waitFor(() => expect(endpointList().getAllByRole('listitem')).toHaveLength(2))
  expect(endpointList().getAllByRole('listitem')[1]).toHaveTextContent(`${ATS}Applicant trackingEvents: application.created, job.published`)

  await user.click(section().getByRole('button', { name: 'Done' }))
  expect(screen.queryByDisplayValue(SIGNING_SECRET)).not.toBeInTheDocument()
  expect(section().queryByText(COPY_NOW)).not.toBeInTheDocument()
  // The form is back, empty, its URL field focused for the next one.
  const url = addForm().getByRole('textbox', { name: 'URL' })
  expect(url).toHaveValue('')
  expect(url).toHaveFocus()
  addForm().getAllByRole('checkbox').forEach((box) => expect(box).not.toBeChecked())
  expect(seen.posted).toHaveLength(1)
})

test('"Select all" ticks every event, and an endpoint without a description sends it empty', async () => {
  const { user, seen } = await openWebhooks()
  await fillAdd(user, HR, '', [])
  await user.click(addForm().getByRole('button', { name: 'Select all' }))
  addForm().getAllByRole('checkbox').forEach((box) => expect(box).toBeChecked())
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  expect(await section().findByRole('textbox', { name: `Signing secret for ${HR}` })).toHaveValue(SIGNING_SECRET)
  expect(seen.posted).toEqual([
    {
      url: HR,
      description: '',
      events: [
        'application.created',
        'application.withdrawn',
        'application.stage_changed',
        'interview.booked',
        'interview.cancelled',
        'message.received',
        'job.published',
        'job.closed',
        'job.deleted',
      ],
    },
  ])
})

test('Copy puts the signing secret on the clipboard and says "Signing secret copied"', async () => {
  const { user } = await openWebhooks()
  await fillAdd(user, HR, '', ['Someone applied to a job'])
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  await user.click(await section().findByRole('button', { name: 'Copy' }))
  expect(await screen.findByText('Signing secret copied')).toBeInTheDocument()
  expect(await navigator.clipboard.readText()).toBe(SIGNING_SECRET)
})

test('an endpoint without a URL or an event is not sent: "Endpoint URL is required" and "Choose at least one event", the URL field focused', async () => {
  const { user, seen } = await openWebhooks()
  const form = addForm()
  // Spaces alone are no URL.
  await user.type(form.getByRole('textbox', { name: 'URL' }), '   ')
  await user.click(form.getByRole('button', { name: 'Add endpoint' }))
  const url = form.getByRole('textbox', { name: 'URL' })
  expect(await form.findByText('Endpoint URL is required')).toBeVisible()
  expect(form.getByText('Choose at least one event')).toBeVisible()
  expect(url).toHaveAttribute('aria-invalid', 'true')
  expect(url).toHaveAccessibleDescription('An https:// address on the public internet; each event is posted to it. Endpoint URL is required')
  expect(url).toHaveFocus()
  expect(form.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose what is posted to this endpoint as it happens. Choose at least one event')
  expect(seen.posted).toEqual([])
})

test('an address that is not a web address and a description over 200 characters are refused with the server\'s words before anything is sent', async () => {
  const { user, seen } = await openWebhooks()
  await fillAdd(user, 'ftp://hooks.acme.example/jobportal', 'd'.repeat(201), ['Someone applied to a job'])
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  expect(await addForm().findByText('Endpoint URL must be a public https:// address')).toBeVisible()
  expect(addForm().getByText('Description must be at most 200 characters')).toBeVisible()
  expect(addForm().queryByText('Choose at least one event')).not.toBeInTheDocument()
  expect(seen.posted).toEqual([])
})

test("the server's 400 about the URL shows under the URL field, which takes the focus; no secret appears and the form keeps what was typed", async () => {
  const { user } = await openWebhooks()
  server.use(
    http.post('/company/webhooks', ({ response }) => response(400).json({ success: false, message: 'Endpoint URL must be a public https:// address' })),
  )
  await fillAdd(user, 'https://10.0.0.7/hook', '', ['Someone applied to a job'])
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  const url = addForm().getByRole('textbox', { name: 'URL' })
  await waitFor(() =>
    expect(url).toHaveAccessibleDescription('An https:// address on the public internet; each event is posted to it. Endpoint URL must be a public https:// address'),
  )
  expect(url).toHaveFocus()
  expect(url).toHaveValue('https://10.0.0.7/hook')
  expect(addForm().getByRole('checkbox', { name: 'Someone applied to a job' })).toBeChecked()
  expect(screen.queryByDisplayValue(SIGNING_SECRET)).not.toBeInTheDocument()
  expect(screen.queryByText(COPY_NOW)).not.toBeInTheDocument()
})

test('the server\'s 409 "A company can have at most 10 webhook endpoints: delete one first" is said in a toast and the form keeps what was typed', async () => {
  const { user } = await openWebhooks()
  server.use(
    http.post('/company/webhooks', ({ response }) =>
      response(409).json({ success: false, message: 'A company can have at most 10 webhook endpoints: delete one first' }),
    ),
  )
  await fillAdd(user, HR, 'HR system', ['Someone applied to a job'])
  await user.click(addForm().getByRole('button', { name: 'Add endpoint' }))
  expect(await screen.findByText('A company can have at most 10 webhook endpoints: delete one first')).toBeInTheDocument()
  expect(addForm().getByRole('textbox', { name: 'URL' })).toHaveValue(HR)
  expect(addForm().getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('HR system')
  expect(screen.queryByText(COPY_NOW)).not.toBeInTheDocument()
})

test('"Turn off" sends enabled false and the endpoint reads "Off: Turned off by a member of the company, since {today}"; "Turn on" sends enabled true and it reads "On" again', async () => {
  // Fixed clock: the day it was turned off is today.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-08T12:00:00Z'))
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint({ failingSince: '2026-03-08T06:00:00Z' })] })
  const turnOff = row(HR).getByRole('button', { name: `Turn off ${HR}` })
  await user.click(turnOff)
  expect(await screen.findByText('Webhook endpoint saved')).toBeInTheDocument()
  expect(seen.updated).toEqual([{ endpointId: 'wh-hr', body: { enabled: false } }])
  await waitFor(() => expect(row(HR).getByText('Status:')).toHaveTextContent(`Status: Off: ${TURNED_OFF}, since 8 March 2026`))
  expect(row(HR).queryByText(/Failing since/)).not.toBeInTheDocument()
  // The same button, now Turn on, keeps the focus.
  expect(turnOff).toHaveAccessibleName(`Turn on ${HR}`)
  expect(turnOff).toHaveFocus()

  await user.click(turnOff)
  await waitFor(() => expect(row(HR).getByText('Status:')).toHaveTextContent('Status: On'))
  expect(seen.updated).toEqual([
    { endpointId: 'wh-hr', body: { enabled: false } },
    { endpointId: 'wh-hr', body: { enabled: true } },
  ])
  expect(turnOff).toHaveAccessibleName(`Turn off ${HR}`)
})

test('Edit opens the same form filled in, its URL focused; Save sends the URL, description and events, says "Webhook endpoint saved", closes and gives the focus back to Edit', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  const edit = row(HR).getByRole('button', { name: `Edit ${HR}` })
  expect(edit).toHaveAttribute('aria-expanded', 'false')
  await user.click(edit)
  expect(edit).toHaveAttribute('aria-expanded', 'true')
  const form = within(section().getByRole('form', { name: `Edit ${HR}` }))
  const url = form.getByRole('textbox', { name: 'URL' })
  expect(url).toHaveValue(HR)
  await waitFor(() => expect(url).toHaveFocus())
  expect(form.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('HR system')
  expect(form.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute('value'))).toEqual([
    'application.created',
    'application.withdrawn',
  ])

  await user.clear(url)
  await user.type(url, 'https://hooks.acme.example/v2')
  await user.click(form.getByRole('checkbox', { name: 'An applicant withdrew' }))
  await user.click(form.getByRole('checkbox', { name: 'An interview was booked' }))
  await user.click(form.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Webhook endpoint saved')).toBeInTheDocument()
  expect(seen.updated).toEqual([
    { endpointId: 'wh-hr', body: { url: 'https://hooks.acme.example/v2', description: 'HR system', events: ['application.created', 'interview.booked'] } },
  ])
  await waitFor(() => expect(section().queryByRole('form', { name: /^Edit/ })).not.toBeInTheDocument())
  expect(row('https://hooks.acme.example/v2').getByText(/^Events:/)).toHaveTextContent('Events: application.created, interview.booked')
  expect(row('https://hooks.acme.example/v2').getByRole('button', { name: 'Edit https://hooks.acme.example/v2' })).toHaveFocus()
})

test('Cancel in the Edit form sends nothing, closes it and gives the focus back to Edit', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  const edit = row(HR).getByRole('button', { name: `Edit ${HR}` })
  await user.click(edit)
  const form = within(section().getByRole('form', { name: `Edit ${HR}` }))
  await user.clear(form.getByRole('textbox', { name: 'URL' }))
  await user.click(form.getByRole('button', { name: 'Cancel' }))
  expect(section().queryByRole('form', { name: `Edit ${HR}` })).not.toBeInTheDocument()
  expect(edit).toHaveFocus()
  expect(seen.updated).toEqual([])
})

test('Rotate secret asks first; confirmed, it posts, says the old secret stays valid for 24 hours and shows the new secret once, focused; Done hides it and gives the focus back', async () => {
  // Fixed clock: the previous secret signs until a day from now.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-08T09:00:00Z'))
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  const rotate = row(HR).getByRole('button', { name: `Rotate secret of ${HR}` })
  await user.click(rotate)
  const dialog = screen.getByRole('dialog', { name: `Rotate the secret of ${HR}?` })
  expect(dialog).toHaveAccessibleDescription(
    'A new signing secret is made and shown once. For 24 hours each delivery is signed with the old one too, so your software can move to the new one without missing any.',
  )
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  expect(seen.rotated).toEqual([])

  await user.click(within(dialog).getByRole('button', { name: 'Rotate' }))
  expect(await screen.findByText('Signing secret rotated: the old one stays valid for 24 hours')).toBeInTheDocument()
  expect(seen.rotated).toEqual(['wh-hr'])
  const secret = await row(HR).findByRole('textbox', { name: `New signing secret for ${HR}` })
  expect(secret).toHaveValue(ROTATED_SECRET)
  expect(secret).toHaveAttribute('readonly')
  expect(secret).toHaveFocus()
  expect(secret).toHaveAccessibleDescription(COPY_NOW)
  expect(row(HR).getByRole('status')).toHaveTextContent(COPY_NOW)
  await waitFor(() => expect(row(HR).getByText(/^The previous secret/)).toHaveTextContent('The previous secret also signs until Mon, 9 Mar, 2026, 14:30 IST'))

  await user.click(row(HR).getByRole('button', { name: 'Done' }))
  expect(screen.queryByDisplayValue(ROTATED_SECRET)).not.toBeInTheDocument()
  expect(row(HR).getByRole('status')).toHaveTextContent('')
  expect(rotate).toHaveFocus()
})

test('Cancel in the rotate question sends nothing and gives the focus back to Rotate secret', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  const rotate = row(HR).getByRole('button', { name: `Rotate secret of ${HR}` })
  await user.click(rotate)
  await user.click(within(screen.getByRole('dialog', { name: `Rotate the secret of ${HR}?` })).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(rotate).toHaveFocus()
  expect(seen.rotated).toEqual([])
  expect(screen.queryByDisplayValue(ROTATED_SECRET)).not.toBeInTheDocument()
})

test('Delete asks first; confirming sends DELETE, says "Webhook endpoint deleted", the endpoint leaves and the Endpoints heading takes the focus', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint(), webhookEndpoint({ _id: 'wh-ats', url: ATS, description: 'ATS' })] })
  await user.click(row(HR).getByRole('button', { name: `Delete ${HR}` }))
  const dialog = screen.getByRole('dialog', { name: `Delete ${HR}?` })
  expect(dialog).toHaveAccessibleDescription('Nothing more is posted to it, and its delivery log is deleted with it. This cannot be undone.')
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  expect(seen.deleted).toEqual([])

  await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Webhook endpoint deleted')).toBeInTheDocument()
  expect(seen.deleted).toEqual(['wh-hr'])
  await waitFor(() => expect(section().queryByText(HR)).not.toBeInTheDocument())
  expect(endpointList().getAllByRole('listitem')).toHaveLength(1)
  expect(section().getByText(ATS)).toBeVisible()
  expect(section().getByRole('heading', { level: 3, name: 'Endpoints' })).toHaveFocus()
})

test('Cancel in the delete question keeps the endpoint, sends nothing and gives the focus back to Delete', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  const remove = row(HR).getByRole('button', { name: `Delete ${HR}` })
  await user.click(remove)
  await user.click(within(screen.getByRole('dialog', { name: `Delete ${HR}?` })).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(remove).toHaveFocus()
  expect(seen.deleted).toEqual([])
  expect(section().getByText(HR)).toBeVisible()
})

test('deleting an endpoint the server no longer has says "Webhook endpoint not found"', async () => {
  const { user } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  server.use(http.delete('/company/webhooks/{endpointId}', ({ response }) => response(404).json({ success: false, message: 'Webhook endpoint not found' })))
  await user.click(row(HR).getByRole('button', { name: `Delete ${HR}` }))
  await user.click(within(screen.getByRole('dialog', { name: `Delete ${HR}?` })).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Webhook endpoint not found')).toBeInTheDocument()
})

const LOG = [
  webhookDelivery({
    _id: 'msg_3',
    eventType: 'job.published',
    createdAt: '2026-03-08T10:00:00Z',
    state: 'pending',
    attempts: 2,
    lastAttemptAt: '2026-03-08T10:05:00Z',
    lastStatus: null,
    lastError: 'Connection timed out',
    nextAttemptAt: '2026-03-08T11:05:00Z',
  }),
  webhookDelivery({
    _id: 'msg_2',
    eventType: 'application.withdrawn',
    createdAt: '2026-03-07T08:00:00Z',
    state: 'failed',
    attempts: 8,
    lastAttemptAt: '2026-03-08T08:00:00Z',
    lastStatus: 500,
    lastError: 'The endpoint answered 500',
  }),
  webhookDelivery({ _id: 'msg_1', eventType: 'application.created', createdAt: '2026-03-06T09:00:00Z' }),
]

/** The table's rows, each as the text of its header and data cells. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tableRow) => [...tableRow.querySelectorAll('th, td')].map((cell) => cell.textContent))

test('"Delivery log" opens a table named after the endpoint: Event, Sent, State (a pending one\'s next try), Attempts, Last answer ("No answer") and Error, the newest first', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()], deliveries: { 'wh-hr': LOG } })
  const open = row(HR).getByRole('button', { name: `Delivery log of ${HR}` })
  expect(open).toHaveAttribute('aria-expanded', 'false')
  await user.click(open)
  expect(open).toHaveAttribute('aria-expanded', 'true')
  const table = await row(HR).findByRole('table', { name: `Delivery log of ${HR}` })
  expect(seen.logs).toEqual([{ endpointId: 'wh-hr', query: { limit: '50' } }])
  expect(cells(table)).toEqual([
    ['Event', 'Sent', 'State', 'Attempts', 'Last answer', 'Error', 'Actions'],
    ['job.published', 'Sun, 8 Mar, 2026, 15:30 IST', 'PendingNext try Sun, 8 Mar, 2026, 16:35 IST', '2', 'No answer', 'Connection timed out', 'Redeliver'],
    ['application.withdrawn', 'Sat, 7 Mar, 2026, 13:30 IST', 'Failed', '8', '500', 'The endpoint answered 500', 'Redeliver'],
    ['application.created', 'Fri, 6 Mar, 2026, 14:30 IST', 'Delivered', '1', '200', '—None', 'Redeliver'],
  ])
  within(table)
    .getAllByRole('columnheader')
    .forEach((header) => expect(header).toHaveAttribute('scope', 'col'))
  expect(within(table).getAllByRole('rowheader').map((header) => header.getAttribute('scope'))).toEqual(['row', 'row', 'row'])
  expect(within(table).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
    'Redeliver job.published of Sun, 8 Mar, 2026, 15:30 IST',
    'Redeliver application.withdrawn of Sat, 7 Mar, 2026, 13:30 IST',
    'Redeliver application.created of Fri, 6 Mar, 2026, 14:30 IST',
  ])
  // A page that is not full has nothing older.
  expect(row(HR).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument()

  await user.click(open)
  expect(row(HR).queryByRole('table')).not.toBeInTheDocument()
})

test('an endpoint with nothing sent says so in its log', async () => {
  const { user } = await openWebhooks({ endpoints: [webhookEndpoint()] })
  await user.click(row(HR).getByRole('button', { name: `Delivery log of ${HR}` }))
  expect(await row(HR).findByText('Nothing has been sent to this endpoint in the last 30 days.')).toBeVisible()
})

test('Redeliver posts the delivery again, says "Delivery queued again" and the log, fetched again, shows it pending', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()], deliveries: { 'wh-hr': LOG } })
  await user.click(row(HR).getByRole('button', { name: `Delivery log of ${HR}` }))
  const table = await row(HR).findByRole('table', { name: `Delivery log of ${HR}` })
  const again = within(table).getByRole('button', { name: 'Redeliver application.withdrawn of Sat, 7 Mar, 2026, 13:30 IST' })
  await user.click(again)
  expect(await screen.findByText('Delivery queued again')).toBeInTheDocument()
  expect(seen.redelivered).toEqual([{ endpointId: 'wh-hr', deliveryId: 'msg_2' }])
  await waitFor(() => expect(seen.logs).toHaveLength(2))
  await waitFor(() => expect(cells(table)[2].slice(0, 4)).toEqual(['application.withdrawn', 'Sat, 7 Mar, 2026, 13:30 IST', expect.stringMatching(/^PendingNext try /), '0']))
  expect(again).toHaveFocus()
})

test('Refresh fetches the log again', async () => {
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()], deliveries: { 'wh-hr': LOG } })
  await user.click(row(HR).getByRole('button', { name: `Delivery log of ${HR}` }))
  await row(HR).findByRole('table', { name: `Delivery log of ${HR}` })
  await user.click(row(HR).getByRole('button', { name: `Refresh the delivery log of ${HR}` }))
  await waitFor(() => expect(seen.logs).toEqual([
    { endpointId: 'wh-hr', query: { limit: '50' } },
    { endpointId: 'wh-hr', query: { limit: '50' } },
  ]))
})

test('a full page of 50 offers "Show older", which asks for those before the last one shown and adds them; with no more, the table takes the focus', async () => {
  const many = Array.from({ length: 51 }, (_, index) =>
    webhookDelivery({ _id: `msg_${String(51 - index).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2026, 2, 8, 9) - index * 60_000).toISOString() }),
  )
  const { user, seen } = await openWebhooks({ endpoints: [webhookEndpoint()], deliveries: { 'wh-hr': many } })
  await user.click(row(HR).getByRole('button', { name: `Delivery log of ${HR}` }))
  const table = await row(HR).findByRole('table', { name: `Delivery log of ${HR}` })
  expect(within(table).getAllByRole('rowheader')).toHaveLength(50)
  await user.click(row(HR).getByRole('button', { name: 'Show older' }))
  await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(51))
  expect(seen.logs).toEqual([
    { endpointId: 'wh-hr', query: { limit: '50' } },
    { endpointId: 'wh-hr', query: { limit: '50', before: 'msg_02' } },
  ])
  expect(row(HR).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument()
  expect(row(HR).getByRole('region', { name: `Delivery log of ${HR}` })).toHaveFocus()
})

test('a recruiter has the Webhooks section too', async () => {
  await openWebhooks({ role: 'recruiter', endpoints: [webhookEndpoint()] })
  expect(section().getByText(HR)).toBeVisible()
  expect(section().getByRole('form', { name: 'Add endpoint' })).toBeVisible()
})

test('a hiring manager sees no Webhooks section and the screen never asks for the endpoints', async () => {
  answerCompany(company(), 'hiringManager')
  const seen = answerWebhooks([webhookEndpoint()])
  signIn(recruiter)
  renderApp('/dashboard/company')
  await screen.findByRole('region', { name: 'Team' })
  await screen.findByRole('list', { name: 'Members' })
  expect(screen.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument()
  expect(screen.queryByText(HR)).not.toBeInTheDocument()
  expect(seen.fetched).toBe(0)
})

test('the Webhooks section follows the Team: its h2, then Endpoints and Add endpoint as h3', async () => {
  await openWebhooks({ role: 'recruiter' })
  const headings = within(screen.getByRole('main'))
    .getAllByRole('heading')
    .map((heading) => `${heading.tagName} ${heading.textContent}`)
  expect(headings).toEqual(['H1 Company', 'H2 Company profile', 'H2 Team', 'H3 Members', 'H2 Webhooks', 'H3 Endpoints', 'H3 Add endpoint'])
})
