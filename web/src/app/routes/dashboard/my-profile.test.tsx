import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { RESUME_READING_REFRESH_MS } from '@/features/profiles/api/get-applicant-details'
import { applicant, applicantDetails, emptyApplicantDetails, emptyRecruiterDetails, recruiter, recruiterDetails } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { ApplicantDetails, RecruiterDetails } from '@/features/profiles/types'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const answerApplicant = (data: ApplicantDetails) =>
  server.use(http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message: 'Details fetched successfully', data })))
const answerRecruiter = (data: RecruiterDetails) =>
  server.use(http.get('/auth/recruiterDetails', ({ response }) => response(200).json({ success: true, message: 'Details fetched successfully', data: { ...data, jobs: [] } })))

async function openProfile() {
  renderApp('/dashboard/my-profile')
  await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  return within(screen.getByRole('main'))
}

test('an applicant sees About, Education, Skills and the resume link, opening in a new tab, on My Profile', async () => {
  signIn(applicant)
  answerApplicant(applicantDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Applicant Details' }))
  expect(details.getByRole('heading', { level: 3, name: 'About' })).toBeVisible()
  expect(details.getByText('I build reliable web services.')).toBeVisible()
  expect(details.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['MIT 2015 - 2019', 'Open University 2020 - Present'])
  expect(details.getByText('Rust, SQL, React')).toBeVisible()
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute(
    'href',
    'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-applicant&expires=4102444800&signature=abc',
  )
  // Opened in a new tab, where the browser shows the PDF (served inline), not saved as a download.
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute('target', '_blank')
  expect(details.getByRole('link', { name: 'Download Resume' })).toHaveAttribute('rel', 'noopener noreferrer')
  expect(details.getByRole('link', { name: 'Download Resume' })).not.toHaveAttribute('download')
  expect(main.getByText('Ann Lee')).toBeVisible()
  expect(main.getByText('ann@example.com')).toBeVisible()
  expect(main.getByRole('img', { name: "Ann Lee's profile picture" })).toHaveAttribute('src', 'http://127.0.0.1:8080/api/v1/avatars/u-applicant.svg')
  expect(main.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/settings')
})

test('an applicant with an empty profile sees the placeholder and the empty texts', async () => {
  signIn(applicant)
  answerApplicant(emptyApplicantDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Applicant Details' }))
  expect(details.getByText('Write Something About Yourself')).toBeVisible()
  expect(details.getByText('No education details available.')).toBeVisible()
  expect(details.getByText('No skills listed.')).toBeVisible()
  expect(details.getByText('No resume uploaded yet.')).toBeVisible()
  expect(details.queryByRole('link')).not.toBeInTheDocument()
})

test('a recruiter sees Company, Position and Contact Number on My Profile', async () => {
  signIn(recruiter)
  answerRecruiter(recruiterDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Recruiter Details' }))
  const terms = details.getAllByRole('term').map((term) => term.textContent)
  const values = details.getAllByRole('definition').map((value) => value.textContent)
  expect(terms).toEqual(['Company', 'Position', 'Contact Number'])
  expect(values).toEqual(['Acme', 'Hiring Manager', '9876543210'])
  expect(main.getByText('Raj Rao')).toBeVisible()
  expect(main.queryByRole('region', { name: 'Applicant Details' })).not.toBeInTheDocument()
})

test('a recruiter who has not filled in the company details sees "Not provided"', async () => {
  signIn(recruiter)
  answerRecruiter(emptyRecruiterDetails())
  const main = await openProfile()
  const details = within(await main.findByRole('region', { name: 'Recruiter Details' }))
  expect(details.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Not provided', 'Not provided', 'Not provided'])
})

test('a failed profile load shows the server message', async () => {
  signIn(applicant)
  server.use(http.get('/auth/applicantDetails', ({ response }) => response.untyped(HttpResponse.json({ success: false, message: 'Profile not found' }, { status: 404 }))))
  await openProfile()
  expect(await screen.findByText('Profile not found')).toBeInTheDocument()
})

test('a failed profile load without a message shows "An error occurred"', async () => {
  signIn(recruiter)
  server.use(http.get('/auth/recruiterDetails', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))))
  await openProfile()
  expect(await screen.findByText('An error occurred')).toBeInTheDocument()
})

/** The applicant's profile as the server has it, with what reading the resume found: its words, and no skills to offer. */
const readProfile = (overrides: Partial<ApplicantDetails> = {}): ApplicantDetails => ({
  ...applicantDetails(),
  resumeText: 'found',
  suggestedSkills: [],
  ...overrides,
})

/**
 * The profile on the server, `initial` at first; each update replaces its skills, and the skills it
 * offered that are now listed are no longer offered. Returns each update's body, how often the
 * profile was fetched, and `change` for what happens meanwhile (the reading done, a new resume).
 */
function answerProfile(initial: ApplicantDetails) {
  let profile = initial
  let fetches = 0
  const sent: unknown[] = []
  server.use(
    http.get('/auth/applicantDetails', ({ response }) => {
      fetches++
      return response(200).json({ success: true, message: 'Details fetched successfully', data: profile })
    }),
    http.post('/auth/updateUserDetails', async ({ request, response }) => {
      const body = (await request.json()) as { skills: string[] }
      sent.push(body)
      const listed = body.skills.map((skill) => skill.toLowerCase())
      profile = { ...profile, skills: body.skills, suggestedSkills: profile.suggestedSkills.filter((skill) => !listed.includes(skill.toLowerCase())) }
      return response(200).json({ success: true, message: 'User updated successfully', updatedUserDetails: applicant, updatedApplicant: profile })
    }),
  )
  return {
    sent,
    fetches: () => fetches,
    change: (changes: Partial<ApplicantDetails>) => {
      profile = { ...profile, ...changes }
    },
  }
}

/** My Profile's Applicant Details, and the applicant reading them. */
async function openApplicantDetails() {
  signIn(applicant)
  const { user } = renderApp('/dashboard/my-profile')
  return { details: within(await screen.findByRole('region', { name: 'Applicant Details' })), user }
}

/** The skills an offer lists, each beside its Add button. */
const offeredSkills = (offer: HTMLElement) => within(offer).getAllByRole('listitem').map((item) => item.firstChild?.textContent)

const NO_TEXT = 'We found no text in your resume (a scanned page?). Recruiters can still open it, but searches will not find its words.'
const UNREADABLE = 'We could not read the text of your resume. Recruiters can still open it.'

describe('while the resume is being read', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  test('My Profile says "Reading your resume…" in a live region and asks again every few seconds, until the reading is done', async () => {
    const profile = answerProfile(readProfile({ resumeText: 'pending' }))
    const { details } = await openApplicantDetails()
    const status = details.getByRole('status')
    expect(status).toHaveTextContent(/^Reading your resume…$/)
    expect(details.getByRole('link', { name: 'Download Resume' })).toBeVisible()
    const first = profile.fetches()

    await act(() => vi.advanceTimersByTimeAsync(RESUME_READING_REFRESH_MS))
    await waitFor(() => expect(profile.fetches()).toBe(first + 1))
    expect(status).toHaveTextContent(/^Reading your resume…$/)

    profile.change({ resumeText: 'none' })
    await act(() => vi.advanceTimersByTimeAsync(RESUME_READING_REFRESH_MS))
    await waitFor(() => expect(status).toHaveTextContent(NO_TEXT))
    const done = profile.fetches()
    // Read: the profile is asked for no more than its link needs.
    await act(() => vi.advanceTimersByTimeAsync(RESUME_READING_REFRESH_MS * 5))
    expect(profile.fetches()).toBe(done)
  })
})

test('a resume whose words were found says nothing more beside it', async () => {
  answerProfile(readProfile())
  const { details } = await openApplicantDetails()
  expect(details.getByRole('status')).toBeEmptyDOMElement()
  expect(details.queryByRole('region', { name: 'Add to my skills?' })).not.toBeInTheDocument()
})

test.each([
  ['none', NO_TEXT],
  ['unreadable', UNREADABLE],
] as const)('a resume read as "%s" says so beside it: "%s"', async (resumeText, note) => {
  answerProfile(readProfile({ resumeText }))
  const { details } = await openApplicantDetails()
  expect(details.getByRole('status').textContent).toBe(note)
  expect(details.getByRole('link', { name: 'Download Resume' })).toBeVisible()
})

test('"Add to my skills?" offers the skills the resume names; Add saves one, keeping the other fields, and says "Skills added"', async () => {
  const profile = answerProfile(readProfile({ suggestedSkills: ['Docker', 'Kubernetes', 'GraphQL'] }))
  const { details, user } = await openApplicantDetails()
  const region = details.getByRole('region', { name: 'Add to my skills?' })
  const offer = within(region)
  expect(offeredSkills(region)).toEqual(['Docker', 'Kubernetes', 'GraphQL'])
  expect(offer.getByRole('button', { name: 'Add Docker' })).toHaveTextContent(/^Add$/)

  await user.click(offer.getByRole('button', { name: 'Add Kubernetes' }))
  expect(await screen.findByText('Skills added')).toBeInTheDocument()
  expect(profile.sent).toEqual([{ firstName: 'Ann', lastName: 'Lee', skills: ['Rust', 'SQL', 'React', 'Kubernetes'] }])
  await waitFor(() => expect(offeredSkills(region)).toEqual(['Docker', 'GraphQL']))
  expect(details.getByText('Rust, SQL, React, Kubernetes')).toBeVisible()
  // The button pressed is gone: the offer's heading has the focus.
  expect(offer.getByRole('heading', { name: 'Add to my skills?' })).toHaveFocus()
})

test('Add all saves every skill offered; the offer goes and the focus stays beside the resume', async () => {
  const profile = answerProfile(readProfile({ suggestedSkills: ['Docker', 'GraphQL'] }))
  const { details, user } = await openApplicantDetails()
  await user.click(within(details.getByRole('region', { name: 'Add to my skills?' })).getByRole('button', { name: 'Add all' }))
  expect(await screen.findByText('Skills added')).toBeInTheDocument()
  expect(profile.sent).toEqual([{ firstName: 'Ann', lastName: 'Lee', skills: ['Rust', 'SQL', 'React', 'Docker', 'GraphQL'] }])
  await waitFor(() => expect(details.queryByRole('region', { name: 'Add to my skills?' })).not.toBeInTheDocument())
  expect(details.getByText('Rust, SQL, React, Docker, GraphQL')).toBeVisible()
  expect(details.getByRole('heading', { name: 'Resume' })).toHaveFocus()
})

test('a refused addition shows the server message and keeps the offer', async () => {
  answerProfile(readProfile({ suggestedSkills: ['Docker'] }))
  server.use(
    http.post('/auth/updateUserDetails', ({ response }) => response.untyped(HttpResponse.json({ success: false, message: 'A profile lists at most 50 skills' }, { status: 400 }))),
  )
  const { details, user } = await openApplicantDetails()
  await user.click(details.getByRole('button', { name: 'Add Docker' }))
  expect(await screen.findByText('A profile lists at most 50 skills')).toBeInTheDocument()
  expect(screen.queryByText('Skills added')).not.toBeInTheDocument()
  expect(details.getByRole('button', { name: 'Add Docker' })).toBeEnabled()
})

test('Not now puts the offer aside for this resume, sending nothing; a new resume offers again', async () => {
  const profile = answerProfile(readProfile({ suggestedSkills: ['Docker', 'GraphQL'] }))
  const opened = await openApplicantDetails()
  let { details } = opened
  await opened.user.click(within(details.getByRole('region', { name: 'Add to my skills?' })).getByRole('button', { name: 'Not now' }))
  expect(details.queryByRole('region', { name: 'Add to my skills?' })).not.toBeInTheDocument()
  expect(details.getByRole('heading', { name: 'Resume' })).toHaveFocus()
  expect(profile.sent).toEqual([])
  cleanup()

  // Back later: still put aside.
  ;({ details } = await openApplicantDetails())
  expect(details.queryByRole('region', { name: 'Add to my skills?' })).not.toBeInTheDocument()
  cleanup()

  profile.change({ resumeName: 'Ann Lee CV 2026.pdf' })
  ;({ details } = await openApplicantDetails())
  expect(details.getByRole('region', { name: 'Add to my skills?' })).toBeVisible()
})
