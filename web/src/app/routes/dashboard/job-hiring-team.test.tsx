import { screen, waitFor, within } from '@testing-library/react'
import type { CompanyRole, JobTeam } from '@/features/companies/types'
import { answerCompany, company } from '@/testing/companies'
import { recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { acmeTeam, answerJobTeam, answerTeam } from '@/testing/teams'

/** Opens job j1's applications as Raj, `role` in Acme, the job's team being `start`. */
async function openPanel(role: CompanyRole = 'owner', start: JobTeam = { inCharge: recruiter._id, team: ['u-hal'] }) {
  answerCompany(company(), role)
  answerTeam({ members: acmeTeam(role) })
  const sent = answerJobTeam(start)
  signIn(recruiter)
  const view = renderApp('/dashboard/job/applications/j1')
  const panel = within(await screen.findByRole('region', { name: 'Hiring team' }))
  return { ...view, sent, panel }
}

test("an owner chooses who is in charge among the company's owners and recruiters, and ticks the team among every member", async () => {
  const { panel } = await openPanel()
  const inCharge = await panel.findByRole('combobox', { name: 'In charge' })
  expect(inCharge).toHaveValue(recruiter._id)
  expect(within(inCharge).getAllByRole('option').map((option) => option.textContent)).toEqual(['Raj Rao (you)', 'Sue Park'])
  const group = within(panel.getByRole('group', { name: 'On the team' }))
  expect(panel.getByRole('group', { name: 'On the team' })).toHaveAccessibleDescription(
    'Owners and recruiters work every job of the company; a hiring manager works only the jobs whose team they are on.',
  )
  expect(group.getAllByRole('checkbox').map((box) => [box.parentElement!.textContent, (box as HTMLInputElement).checked])).toEqual([
    ['Raj Rao (you), Owner', false],
    ['Sue Park, Recruiter', false],
    ['Hal Iyer, Hiring manager', true],
  ])
  expect(panel.getByRole('button', { name: 'Save team' })).toBeEnabled()
})

test('"Save team" sends the one in charge and the team, says "Hiring team updated" and keeps the focus on the button', async () => {
  const { user, panel, sent } = await openPanel('recruiter')
  await user.selectOptions(await panel.findByRole('combobox', { name: 'In charge' }), 'Sue Park')
  await user.click(panel.getByRole('checkbox', { name: 'Hal Iyer, Hiring manager' }))
  await user.click(panel.getByRole('checkbox', { name: 'Sue Park, Recruiter' }))
  await user.click(panel.getByRole('button', { name: 'Save team' }))
  expect(await screen.findByText('Hiring team updated')).toBeInTheDocument()
  expect(sent).toEqual([{ inCharge: 'u-sue', team: ['u-sue'] }])
  expect(panel.getByRole('combobox', { name: 'In charge' })).toHaveValue('u-sue')
  expect(panel.getByRole('checkbox', { name: 'Hal Iyer, Hiring manager' })).not.toBeChecked()
  await waitFor(() => expect(panel.getByRole('button', { name: 'Save team' })).toHaveFocus())
})

test("a team the server refuses shows its message under the form, read with Save team, and nothing is said to have been saved", async () => {
  const { user, panel } = await openPanel()
  server.use(
    http.put('/company/jobs/{jobId}/team', ({ response }) =>
      response(400).json({ success: false, message: 'Everyone on a hiring team must be a member of the company' }),
    ),
  )
  await user.click(await panel.findByRole('checkbox', { name: 'Sue Park, Recruiter' }))
  await user.click(panel.getByRole('button', { name: 'Save team' }))
  expect(await panel.findByRole('alert')).toHaveTextContent('Everyone on a hiring team must be a member of the company')
  await waitFor(() => expect(panel.getByRole('button', { name: 'Save team' })).toBeEnabled())
  expect(panel.getByRole('button', { name: 'Save team' })).toHaveAccessibleDescription('Everyone on a hiring team must be a member of the company')
  expect(panel.getByRole('checkbox', { name: 'Sue Park, Recruiter' })).toBeChecked()
  expect(screen.queryByText('Hiring team updated')).not.toBeInTheDocument()
})

test('a hiring manager reads who is in charge and who is on the team, with no form', async () => {
  const { panel, sent } = await openPanel('hiringManager', { inCharge: 'u-sue', team: ['u-sue', recruiter._id] })
  expect(await panel.findByText('Only owners and recruiters can change a job\'s team.')).toBeVisible()
  expect(panel.getByText('In charge', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Sue Park')
  const team = panel.getByText('On the team', { selector: 'dt' }).nextElementSibling as HTMLElement
  expect(within(team).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sue Park', 'Raj Rao (you)'])
  expect(panel.queryByRole('combobox')).not.toBeInTheDocument()
  expect(panel.queryByRole('checkbox')).not.toBeInTheDocument()
  expect(panel.queryByRole('button', { name: 'Save team' })).not.toBeInTheDocument()
  expect(sent).toEqual([])
})

test('a hiring manager reading a job with no one else on its team is told "No one yet"', async () => {
  const { panel } = await openPanel('hiringManager', { inCharge: recruiter._id, team: [] })
  expect(await panel.findByText('No one yet')).toBeVisible()
  expect(panel.getByText('In charge', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Raj Rao (you)')
})

test("a hiring team that cannot be loaded says the server's message in the panel", async () => {
  server.use(http.get('/company/jobs/{jobId}/team', ({ response }) => response(404).json({ success: false, message: 'Job not found' })))
  signIn(recruiter)
  renderApp('/dashboard/job/applications/j1')
  const panel = within(await screen.findByRole('region', { name: 'Hiring team' }))
  expect(await panel.findByRole('alert')).toHaveTextContent('Job not found')
})
