import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Company, CompanyRole } from '@/features/companies/types'
import { answerCompany, company } from '@/testing/companies'
import { admin, applicant, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** Signs in as the recruiter, the server holding `start` with them as `role`, and opens the Company screen. */
async function openCompany(start: Company = company(), role: CompanyRole = 'owner') {
  const requests = answerCompany(start, role)
  signIn(recruiter)
  const view = renderApp('/dashboard/company')
  await screen.findByRole('heading', { level: 1, name: 'Company' })
  await screen.findByRole('region', { name: 'Company profile' })
  return { ...view, requests }
}

const profile = () => within(screen.getByRole('region', { name: 'Company profile' }))
const logoSection = () => within(screen.getByRole('region', { name: 'Logo' }))
const image = (name: string, type: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type })

test("an owner's form starts with the company's profile, the size offering \"Not said\" and the seven bands", async () => {
  await openCompany()
  const form = profile()
  expect(form.getByLabelText('Name')).toHaveValue('Acme')
  expect(form.getByLabelText('Website')).toHaveValue('https://acme.example')
  expect(form.getByLabelText('About')).toHaveValue('We make anvils.\nAnd rockets.')
  expect(form.getByLabelText('Size')).toHaveValue('11-50')
  expect(form.getByLabelText('Headquarters')).toHaveValue('Pune')
  expect(form.getByLabelText('Locations (separated by commas)')).toHaveValue('Pune, Remote')
  expect(form.getByLabelText('Locations (separated by commas)')).toHaveAccessibleDescription('At most 20 places')
  expect(within(form.getByLabelText('Size')).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Not said',
    '1-10 employees',
    '11-50 employees',
    '51-200 employees',
    '201-500 employees',
    '501-1000 employees',
    '1001-5000 employees',
    '5001+ employees',
  ])
  expect(screen.getByText('Your role:')).toHaveTextContent('Your role: Owner')
  expect(screen.getByRole('link', { name: "View your company's page" })).toHaveAttribute('href', '/company/acme')
})

test('an owner saves the profile: the exact body is sent (locations as a list, blanks and repeats dropped), "Company updated" shows and the form holds what the server kept', async () => {
  const { user, requests } = await openCompany()
  const form = profile()
  await user.clear(form.getByLabelText('Name'))
  await user.type(form.getByLabelText('Name'), '  Acme Rockets ')
  await user.clear(form.getByLabelText('Website'))
  await user.type(form.getByLabelText('Website'), 'https://rockets.example/jobs')
  await user.type(form.getByLabelText('About'), '{Enter}Since 1949.')
  await user.selectOptions(form.getByLabelText('Size'), '201-500 employees')
  await user.clear(form.getByLabelText('Headquarters'))
  await user.type(form.getByLabelText('Headquarters'), 'Mumbai')
  await user.clear(form.getByLabelText('Locations (separated by commas)'))
  await user.type(form.getByLabelText('Locations (separated by commas)'), ' Pune, , Bengaluru ,pune, Remote ,')
  await user.click(form.getByRole('button', { name: 'Save' }))

  expect(await screen.findByText('Company updated')).toBeInTheDocument()
  expect(requests.updates).toEqual([
    {
      name: 'Acme Rockets',
      website: 'https://rockets.example/jobs',
      about: 'We make anvils.\nAnd rockets.\nSince 1949.',
      sizeBand: '201-500',
      headquarters: 'Mumbai',
      locations: ['Pune', 'Bengaluru', 'Remote'],
    },
  ])
  await waitFor(() => expect(form.getByLabelText('Locations (separated by commas)')).toHaveValue('Pune, Bengaluru, Remote'))
  expect(form.getByLabelText('Name')).toHaveValue('Acme Rockets')
})

test('"Not said" and emptied optional fields are sent empty, the locations as an empty list', async () => {
  const { user, requests } = await openCompany()
  const form = profile()
  for (const label of ['Website', 'About', 'Headquarters', 'Locations (separated by commas)']) await user.clear(form.getByLabelText(label))
  await user.selectOptions(form.getByLabelText('Size'), 'Not said')
  await user.click(form.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Company updated')).toBeInTheDocument()
  expect(requests.updates).toEqual([{ name: 'Acme', website: '', about: '', sizeBand: '', headquarters: '', locations: [] }])
})

test("fields the server would refuse show its messages under them, read with each field; the focus goes to the first and nothing is sent", async () => {
  const { user, requests } = await openCompany()
  const form = profile()
  await user.clear(form.getByLabelText('Name'))
  await user.clear(form.getByLabelText('Website'))
  await user.type(form.getByLabelText('Website'), 'acme.example')
  await user.click(form.getByLabelText('About'))
  await user.paste('x'.repeat(4990))
  await user.clear(form.getByLabelText('Headquarters'))
  await user.click(form.getByLabelText('Headquarters'))
  await user.paste('h'.repeat(101))
  await user.clear(form.getByLabelText('Locations (separated by commas)'))
  await user.click(form.getByLabelText('Locations (separated by commas)'))
  await user.paste(Array.from({ length: 21 }, (_, n) => `Place ${n + 1}`).join(', '))
  await user.click(form.getByRole('button', { name: 'Save' }))

  expect(await form.findByText('Company name is required')).toBeVisible()
  const expected: [label: string, description: string][] = [
    ['Name', 'Company name is required'],
    ['Website', 'Website must be an http or https address'],
    ['About', 'About must be at most 5000 characters'],
    ['Headquarters', 'Headquarters must be at most 100 characters'],
    ['Locations (separated by commas)', 'At most 20 places A company may list at most 20 locations'],
  ]
  for (const [label, description] of expected) {
    expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    expect(form.getByLabelText(label)).toHaveAccessibleDescription(description)
  }
  expect(form.getByLabelText('Name')).toHaveFocus()
  expect(requests.updates).toEqual([])
})

test('a name over 100 characters, a website over 200 and a place over 100 show "must be at most" messages', async () => {
  const { user, requests } = await openCompany()
  const form = profile()
  await user.click(form.getByLabelText('Name'))
  await user.paste('n'.repeat(98))
  await user.click(form.getByLabelText('Website'))
  await user.paste(`/${'w'.repeat(200)}`)
  await user.clear(form.getByLabelText('Locations (separated by commas)'))
  await user.click(form.getByLabelText('Locations (separated by commas)'))
  await user.paste(`Pune, ${'p'.repeat(101)}`)
  await user.click(form.getByRole('button', { name: 'Save' }))
  expect(await form.findByText('Company name must be at most 100 characters')).toBeVisible()
  expect(form.getByText('Website must be at most 200 characters')).toBeVisible()
  expect(form.getByText('A location must be at most 100 characters')).toBeVisible()
  expect(form.queryByText('Website must be an http or https address')).not.toBeInTheDocument()
  expect(form.getByLabelText('Name')).toHaveFocus()
  expect(requests.updates).toEqual([])
})

test.each([
  [400, 'Website must be an http or https address'],
  [403, "Only the company's owners may change its profile"],
])('a save the server refuses with %i shows its message: "%s"', async (status, message) => {
  const { user } = await openCompany()
  server.use(http.put('/company', ({ response }) => response(status as 400 | 403).json({ success: false, message })))
  await user.click(profile().getByRole('button', { name: 'Save' }))
  expect(await screen.findByText(message)).toBeInTheDocument()
  expect(screen.queryByText('Company updated')).not.toBeInTheDocument()
})

test('an owner without a logo sees the placeholder; a chosen PNG is uploaded at once in the multipart field "logo", then "Logo uploaded" and the new logo with "Remove logo"', async () => {
  const { user, requests } = await openCompany(company({ logo: null }))
  const logo = logoSection()
  expect(logo.getByText('No logo')).toBeVisible()
  expect(logo.queryByRole('img')).not.toBeInTheDocument()
  expect(logo.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument()
  const input = logo.getByLabelText('Choose a logo')
  expect(input).toHaveAttribute('type', 'file')
  expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp')
  expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP, at most 2 MB; the middle square is kept')

  await user.upload(input, image('acme.png', 'image/png'))
  expect(await screen.findByText('Logo uploaded')).toBeInTheDocument()
  expect(await logo.findByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', '/api/v1/company-logos/l2.png')
  expect(logo.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('width', '96')
  expect(logo.getByRole('button', { name: 'Remove logo' })).toBeVisible()
  expect(logo.getByLabelText('Choose a new logo')).toBeInTheDocument()
  expect(requests.uploads).toHaveLength(1)
  expect(requests.uploads[0].contentType).toMatch(/^multipart\/form-data; boundary=/)
  // jsdom's File (its name and bytes) does not survive MSW's conversion of the body: the part's field and type are what is checked.
  expect(requests.uploads[0].body).toContain('Content-Disposition: form-data; name="logo"')
  expect(requests.uploads[0].body).toContain('Content-Type: image/png')
})

test('"Remove logo" removes it: "Logo removed", the placeholder again, and the focus on the file input', async () => {
  const { user, requests } = await openCompany()
  const logo = logoSection()
  expect(logo.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', '/api/v1/company-logos/l1.png')
  await user.click(logo.getByRole('button', { name: 'Remove logo' }))
  expect(await screen.findByText('Logo removed')).toBeInTheDocument()
  expect(logo.queryByRole('img', { name: 'Acme logo' })).not.toBeInTheDocument()
  expect(logo.getByText('No logo')).toBeVisible()
  expect(logo.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument()
  expect(logo.getByLabelText('Choose a logo')).toHaveFocus()
  expect(requests.removals).toBe(1)
})

test('a logo over 2 MB is refused before it is sent with "The logo must be at most 2 MB"', async () => {
  const { user, requests } = await openCompany(company({ logo: null }))
  const input = logoSection().getByLabelText('Choose a logo')
  await user.upload(input, image('huge.png', 'image/png', 2 * 1024 * 1024 + 1))
  expect(await logoSection().findByRole('alert')).toHaveTextContent('The logo must be at most 2 MB')
  expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP, at most 2 MB; the middle square is kept The logo must be at most 2 MB')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(requests.uploads).toEqual([])
  expect(screen.queryByText('Logo uploaded')).not.toBeInTheDocument()
})

test('a file that is not a PNG, JPEG or WebP image is refused before it is sent with "The logo must be a PNG, JPEG or WebP image"', async () => {
  const { requests } = await openCompany(company({ logo: null }))
  // Past the input's accept list, as a drop or a browser that ignores it would bring it.
  fireEvent.change(logoSection().getByLabelText('Choose a logo'), { target: { files: [image('anim.gif', 'image/gif')] } })
  expect(await logoSection().findByRole('alert')).toHaveTextContent('The logo must be a PNG, JPEG or WebP image')
  fireEvent.drop(logoSection().getByRole('group', { name: 'Logo drop zone' }), { dataTransfer: { files: [image('notes.txt', 'text/plain')] } })
  expect(logoSection().getByRole('alert')).toHaveTextContent('The logo must be a PNG, JPEG or WebP image')
  expect(requests.uploads).toEqual([])
})

test('a logo the server refuses shows its message under the file input', async () => {
  const { user } = await openCompany(company({ logo: null }))
  server.use(http.put('/company/logo', ({ response }) => response(400).json({ success: false, message: 'The logo could not be read as an image' })))
  await user.upload(logoSection().getByLabelText('Choose a logo'), image('broken.png', 'image/png'))
  expect(await logoSection().findByRole('alert')).toHaveTextContent('The logo could not be read as an image')
  expect(logoSection().getByText('No logo')).toBeVisible()
})

test.each([
  ['recruiter', 'Recruiter'],
  ['hiringManager', 'Hiring manager'],
] as const)('a %s who is not an owner reads the profile and is told only the owners can change it', async (role, roleName) => {
  await openCompany(company(), role)
  expect(screen.getByText("Only your company's owners can change its profile.")).toBeVisible()
  expect(screen.getByText('Your role:')).toHaveTextContent(`Your role: ${roleName}`)
  const details = profile()
  expect(details.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Website', 'About', 'Size', 'Headquarters', 'Locations'])
  expect(details.getAllByRole('definition').map((value) => value.textContent)).toEqual([
    'Acme',
    'https://acme.example',
    'We make anvils.\nAnd rockets.',
    '11-50 employees',
    'Pune',
    'Pune, Remote',
  ])
  expect(details.getByRole('link', { name: 'https://acme.example' })).toHaveAttribute('href', 'https://acme.example')
  expect(details.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', '/api/v1/company-logos/l1.png')
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Logo' })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: "View your company's page" })).toHaveAttribute('href', '/company/acme')
})

test('a member reading a company with nothing but its name sees "Not provided" and the logo placeholder', async () => {
  await openCompany(company({ website: '', about: '', sizeBand: null, headquarters: '', locations: [], logo: null }), 'recruiter')
  expect(profile().getAllByRole('definition').map((value) => value.textContent)).toEqual(['Acme', 'Not provided', 'Not provided', 'Not provided', 'Not provided', 'Not provided'])
  expect(profile().getByText('No logo')).toBeVisible()
})

test('a company that cannot be loaded says the server\'s message in place', async () => {
  server.use(http.get('/company', ({ response }) => response(404).json({ success: false, message: 'You are not a member of a company' })))
  signIn(recruiter)
  renderApp('/dashboard/company')
  expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of a company')
})

test('the Company link, after My Profile, is in a recruiter\'s dashboard only, and opens the Company screen', async () => {
  signIn(recruiter)
  const { user, router } = renderApp('/dashboard/my-profile')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.getAllByRole('link').map((link) => link.textContent).slice(0, 2)).toEqual(['My Profile', 'Company'])
  await user.click(sidebar.getByRole('link', { name: 'Company' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Company' })).toBeVisible()
  expect(router.state.location.pathname).toBe('/dashboard/company')
  expect(sidebar.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page')
})

test.each([applicant, admin])('an $accountType has no Company link, and /dashboard/company does not exist for them', async (person) => {
  signIn(person)
  const first = renderApp('/dashboard/my-profile')
  const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }))
  expect(sidebar.queryByRole('link', { name: 'Company' })).not.toBeInTheDocument()
  first.unmount()
  renderApp('/dashboard/company')
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
})
