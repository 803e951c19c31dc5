import { screen, waitFor, within } from '@testing-library/react'
import type { CompanyRole, Invitation, Member } from '@/features/companies/types'
import { answerCompany, company } from '@/testing/companies'
import { recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { acmeTeam, answerTeam, invitation } from '@/testing/teams'

/** Signs in as Raj, `role` in Acme, the server holding `members` and `invitations`, and opens the Company screen at its Team section. */
async function openTeam({ role = 'owner', members = acmeTeam(role), invitations = [] }: { role?: CompanyRole; members?: Member[]; invitations?: Invitation[] } = {}) {
  answerCompany(company(), role)
  const requests = answerTeam({ members, invitations })
  signIn(recruiter)
  const view = renderApp('/dashboard/company')
  await screen.findByRole('region', { name: 'Team' })
  await screen.findByRole('list', { name: 'Members' })
  return { ...view, requests }
}

const team = () => within(screen.getByRole('region', { name: 'Team' }))
const row = (name: string) => within(team().getByText(name).closest('li')!)

test("every member is listed with name, e-mail, role and joined date, Raj marked as the one reading; an owner has a role select per member and Remove for the others", async () => {
  await openTeam()
  const items = within(team().getByRole('list', { name: 'Members' })).getAllByRole('listitem')
  expect(items).toHaveLength(3)
  expect(items[0]).toHaveTextContent('Raj Rao (you)')
  expect(row('Raj Rao').getByText('raj@example.com')).toBeVisible()
  expect(row('Raj Rao').getByText('Joined 5 January 2026')).toBeVisible()
  expect(row('Sue Park').getByText('sue@acme.example')).toBeVisible()
  expect(row('Hal Iyer').getByText('Joined 1 March 2026')).toBeVisible()

  expect(team().getByRole('combobox', { name: 'Role of Raj Rao' })).toHaveValue('owner')
  expect(team().getByRole('combobox', { name: 'Role of Sue Park' })).toHaveValue('recruiter')
  const hal = team().getByRole('combobox', { name: 'Role of Hal Iyer' })
  expect(hal).toHaveValue('hiringManager')
  expect(within(hal).getAllByRole('option').map((option) => option.textContent)).toEqual(['Owner', 'Recruiter', 'Hiring manager'])

  expect(row('Raj Rao').queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
  expect(team().getByRole('button', { name: 'Remove Sue Park' })).toHaveTextContent('Remove')
  expect(team().getByRole('button', { name: 'Remove Hal Iyer' })).toBeVisible()
  expect(team().getByRole('button', { name: 'Leave company' })).toBeVisible()
})

test('an owner changes a role from its select: it is saved at once, "Role updated" shows and the select holds the new role', async () => {
  const { user, requests } = await openTeam()
  await user.selectOptions(team().getByRole('combobox', { name: 'Role of Hal Iyer' }), 'Recruiter')
  expect(await screen.findByText('Role updated')).toBeInTheDocument()
  expect(requests.roles).toEqual([{ userId: 'u-hal', role: 'recruiter' }])
  await waitFor(() => expect(team().getByRole('combobox', { name: 'Role of Hal Iyer' })).toHaveValue('recruiter'))
  expect(team().getByRole('combobox', { name: 'Role of Hal Iyer' })).toHaveFocus()
})

test("a role change the server refuses shows its message under the select, read with it, and the select goes back to the member's role", async () => {
  const { user } = await openTeam()
  server.use(
    http.put('/company/members/{userId}', ({ response }) =>
      response(400).json({ success: false, message: "The company's last owner must make someone else an owner first" }),
    ),
  )
  const select = team().getByRole('combobox', { name: 'Role of Raj Rao' })
  await user.selectOptions(select, 'Hiring manager')
  expect(await row('Raj Rao').findByRole('alert')).toHaveTextContent("The company's last owner must make someone else an owner first")
  expect(select).toHaveValue('owner')
  expect(select).toHaveAttribute('aria-invalid', 'true')
  expect(select).toHaveAccessibleDescription("The company's last owner must make someone else an owner first")
  expect(screen.queryByText('Role updated')).not.toBeInTheDocument()
})

test('Remove asks first, naming the member; Cancel sends nothing and gives the focus back to the button', async () => {
  const { user, requests } = await openTeam()
  const remove = team().getByRole('button', { name: 'Remove Sue Park' })
  await user.click(remove)
  const dialog = within(screen.getByRole('dialog', { name: 'Remove Sue Park?' }))
  expect(dialog.getByText('Sue Park will lose access to Acme at once and be logged out; the jobs they are in charge of, with their applications, pass to you.')).toBeVisible()
  expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(remove).toHaveFocus()
  expect(requests.removed).toEqual([])
})

test('a confirmed Remove says "Member removed", the member leaves the list and the focus goes to the Members heading', async () => {
  const { user, requests } = await openTeam()
  await user.click(team().getByRole('button', { name: 'Remove Sue Park' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }))
  expect(await screen.findByText('Member removed')).toBeInTheDocument()
  expect(requests.removed).toEqual(['u-sue'])
  await waitFor(() => expect(team().queryByText('Sue Park')).not.toBeInTheDocument())
  expect(team().getByRole('heading', { level: 3, name: 'Members' })).toHaveFocus()
})

test("a removal the server refuses shows its message in the Team section and keeps the member", async () => {
  const { user } = await openTeam()
  server.use(http.delete('/company/members/{userId}', ({ response }) => response(404).json({ success: false, message: 'No such member of your company' })))
  await user.click(team().getByRole('button', { name: 'Remove Hal Iyer' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }))
  expect(await team().findByRole('alert')).toHaveTextContent('No such member of your company')
  expect(team().getByText('Hal Iyer')).toBeVisible()
  expect(team().getByRole('button', { name: 'Remove Hal Iyer' })).toHaveFocus()
})

test('"Leave company" asks first; confirmed, it says "You left the company" and goes to My Profile with the session still on', async () => {
  const { user, requests, router } = await openTeam({ role: 'recruiter' })
  await user.click(team().getByRole('button', { name: 'Leave company' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Leave Acme?' }))
  expect(dialog.getByText("You will no longer see Acme's jobs or candidates; the jobs you are in charge of pass to one of its owners. You stay logged in.")).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Leave' }))
  expect(await screen.findByText('You left the company')).toBeInTheDocument()
  expect(requests.removed).toEqual([recruiter._id])
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/my-profile')
  expect(localStorage.getItem('token')).toBe('recruiter-token')
  expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
})

test("the last owner's \"Leave company\" is refused with the server's message beside the button, which keeps the focus", async () => {
  const { user, router } = await openTeam()
  server.use(
    http.delete('/company/members/{userId}', ({ response }) =>
      response(400).json({ success: false, message: "The company's last owner must make someone else an owner first" }),
    ),
  )
  const leave = team().getByRole('button', { name: 'Leave company' })
  await user.click(leave)
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave' }))
  await waitFor(() => expect(leave).toHaveAccessibleDescription("The company's last owner must make someone else an owner first"))
  expect(team().getByRole('alert')).toHaveTextContent("The company's last owner must make someone else an owner first")
  expect(leave).toHaveFocus()
  expect(router.state.location.pathname).toBe('/dashboard/company')
})

test('the Invite form has E-mail and a Role select starting on Recruiter; an address the server would refuse is refused first with its message, and nothing is sent', async () => {
  const { user, requests } = await openTeam()
  const form = within(team().getByRole('form', { name: 'Invite someone' }))
  expect(form.getByLabelText('Role')).toHaveValue('recruiter')
  expect(within(form.getByLabelText('Role')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Owner', 'Recruiter', 'Hiring manager'])
  await user.type(form.getByLabelText('E-mail'), 'not-an-address')
  await user.click(form.getByRole('button', { name: 'Invite' }))
  expect(await form.findByText('Please enter a valid email address')).toBeVisible()
  expect(form.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
  expect(form.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter a valid email address')
  expect(form.getByLabelText('E-mail')).toHaveFocus()

  await user.clear(form.getByLabelText('E-mail'))
  await user.click(form.getByRole('button', { name: 'Invite' }))
  expect(await form.findByText('Please enter a valid email address')).toBeVisible()
  expect(requests.invited).toEqual([])
})

test('an invitation is sent with the address and the role chosen: "Invitation sent", the form empties for the next one, and the invitation is listed as waiting', async () => {
  const { user, requests } = await openTeam()
  const form = within(team().getByRole('form', { name: 'Invite someone' }))
  expect(team().getByText('No invitations are waiting.')).toBeVisible()
  await user.type(form.getByLabelText('E-mail'), '  Kim@Example.com ')
  await user.selectOptions(form.getByLabelText('Role'), 'Hiring manager')
  await user.click(form.getByRole('button', { name: 'Invite' }))
  expect(await screen.findByText('Invitation sent')).toBeInTheDocument()
  expect(requests.invited).toEqual([{ email: 'Kim@Example.com', role: 'hiringManager' }])
  await waitFor(() => expect(form.getByLabelText('E-mail')).toHaveValue(''))
  expect(form.getByLabelText('Role')).toHaveValue('recruiter')
  expect(form.getByLabelText('E-mail')).toHaveFocus()
  const pending = within(await team().findByRole('list', { name: 'Pending invitations' }))
  const sent = within(pending.getByRole('listitem'))
  expect(sent.getByText('Kim@Example.com')).toBeVisible()
  expect(sent.getByText('Hiring manager')).toBeVisible()
  expect(sent.getByText('Expires 12 March 2026')).toBeVisible()
})

test.each([
  [409, 'This address belongs to a member of your company already'],
  [429, 'Your company has sent 50 invitations today: try again tomorrow'],
])('an invitation the server refuses with %i shows its message under the address, which takes the focus', async (status, message) => {
  const { user } = await openTeam()
  server.use(http.post('/company/invitations', ({ response }) => response(status as 409 | 429).json({ success: false, message })))
  const form = within(team().getByRole('form', { name: 'Invite someone' }))
  await user.type(form.getByLabelText('E-mail'), 'sue@acme.example')
  await user.click(form.getByRole('button', { name: 'Invite' }))
  await waitFor(() => expect(form.getByLabelText('E-mail')).toHaveAccessibleDescription(message))
  expect(form.getByLabelText('E-mail')).toHaveFocus()
  expect(form.getByLabelText('E-mail')).toHaveValue('sue@acme.example')
  expect(screen.queryByText('Invitation sent')).not.toBeInTheDocument()
})

test('the invitations waiting show their address, role and "Expires {date}"; Revoke says "Invitation revoked", drops it and gives the focus to the list\'s heading', async () => {
  const { user, requests } = await openTeam({
    invitations: [invitation(), invitation({ _id: 'inv2', email: 'owner@example.com', role: 'owner', expiresAt: '2026-03-14T10:00:00Z' })],
  })
  const pending = within(await team().findByRole('list', { name: 'Pending invitations' }))
  const items = pending.getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    'new@example.comRecruiterExpires 12 March 2026Revoke',
    'owner@example.comOwnerExpires 14 March 2026Revoke',
  ])
  await user.click(pending.getByRole('button', { name: 'Revoke the invitation to new@example.com' }))
  expect(await screen.findByText('Invitation revoked')).toBeInTheDocument()
  expect(requests.revoked).toEqual(['inv1'])
  await waitFor(() => expect(team().queryByText('new@example.com')).not.toBeInTheDocument())
  expect(team().getByRole('heading', { level: 3, name: 'Pending invitations' })).toHaveFocus()
})

test.each(['recruiter', 'hiringManager'] as const)('a %s reads the team: roles as text, no select, Remove, Invite form or invitations, and "Leave company"', async (role) => {
  let invitationsAsked = 0
  server.use(
    http.get('/company/invitations', ({ response }) => {
      invitationsAsked++
      return response(403).json({ success: false, message: "Only the company's owners may change its profile" })
    }),
  )
  await openTeam({ role })
  expect(team().getByText("Only your company's owners can change roles and invite people.")).toBeVisible()
  expect(row('Sue Park').getByText('Role:')).toHaveTextContent('Role: Recruiter')
  expect(row('Hal Iyer').getByText('Role:')).toHaveTextContent('Role: Hiring manager')
  expect(row('Raj Rao').getByText('Joined 5 January 2026')).toBeVisible()
  expect(team().queryByRole('combobox')).not.toBeInTheDocument()
  expect(team().queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument()
  expect(team().queryByRole('form', { name: 'Invite someone' })).not.toBeInTheDocument()
  expect(team().queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument()
  expect(team().getByRole('button', { name: 'Leave company' })).toBeVisible()
  expect(invitationsAsked).toBe(0)
})

test("a team that cannot be loaded says the server's message in the Team section", async () => {
  answerCompany(company(), 'recruiter')
  server.use(http.get('/company/members', ({ response }) => response(503).json({ success: false, message: 'The database is unreachable' })))
  signIn(recruiter)
  renderApp('/dashboard/company')
  const section = within(await screen.findByRole('region', { name: 'Team' }))
  expect(await section.findByRole('alert')).toHaveTextContent('The database is unreachable')
})

test('the Team section follows the profile: its h2, then Members, the Invite form and the invitations as h3; the Webhooks section follows it', async () => {
  await openTeam()
  await screen.findByRole('heading', { level: 3, name: 'Add endpoint' })
  const headings = within(screen.getByRole('main'))
    .getAllByRole('heading')
    .map((heading) => `${heading.tagName} ${heading.textContent}`)
  expect(headings).toEqual([
    'H1 Company',
    'H2 Company profile',
    'H2 Logo',
    'H2 Team',
    'H3 Members',
    'H3 Invite someone',
    'H3 Pending invitations',
    'H2 Webhooks',
    'H3 Endpoints',
    'H3 Add endpoint',
  ])
})
