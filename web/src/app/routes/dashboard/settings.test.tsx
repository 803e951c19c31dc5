import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { User } from '@/lib/auth'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { applicant, applicantDetails, emailSettings, emptyApplicantDetails, emptyRecruiterDetails, recruiter, recruiterDetails } from '@/testing/fixtures'
import type { EmailSettings } from '@/features/notifications/types'
import type { ApplicantDetails, RecruiterDetails } from '@/features/profiles/types'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

const message = 'Details fetched successfully'

/** Signs in as `person` with the given profile on the server (theirs: an applicant's or a recruiter's), and opens Settings. */
async function openSettings(person: User, details: ApplicantDetails | RecruiterDetails = person.accountType === 'Applicant' ? applicantDetails() : recruiterDetails()) {
  signIn(person)
  server.use(
    http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message, data: details as ApplicantDetails })),
    http.get('/auth/recruiterDetails', ({ response }) => response(200).json({ success: true, message, data: { ...(details as RecruiterDetails), jobs: [] } })),
  )
  const view = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  await screen.findByRole('region', { name: 'Profile Information' })
  return view
}

const profileForm = () => within(screen.getByRole('region', { name: 'Profile Information' }))
const resumeSection = () => within(screen.getByRole('region', { name: 'Resume' }))
const pdf = (name = 'resume.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' })

/** Answers the profile update like the server, keeping the request body. */
function acceptUpdate(person: User) {
  const seen: { body?: Record<string, unknown> } = {}
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http.post('/auth/updateUserDetails', async ({ request, response }) => {
      seen.body = (await request.json()) as Record<string, unknown>
      await held
      return response(200).json({
        success: true,
        message: 'User updated successfully',
        updatedUserDetails: { ...person, firstName: String(seen.body.firstName), lastName: String(seen.body.lastName) },
      })
    }),
  )
  return { seen, release }
}

test('empty password fields show "Please enter your Current Password." and "Please enter your New Password."', async () => {
  const { user } = await openSettings(applicant)
  await user.click(await screen.findByRole('button', { name: 'Update' }))
  expect(await screen.findByText('Please enter your Current Password.')).toBeVisible()
  expect(screen.getByText('Please enter your New Password.')).toBeVisible()
})

test('both password fields have a show/hide toggle', async () => {
  const { user } = await openSettings(applicant)
  const current = await screen.findByLabelText('Current Password')
  const next = screen.getByLabelText('New Password')
  await user.click(screen.getByRole('button', { name: 'Show Current Password' }))
  expect(current).toHaveAttribute('type', 'text')
  expect(next).toHaveAttribute('type', 'password')
  await user.click(screen.getByRole('button', { name: 'Show New Password' }))
  expect(next).toHaveAttribute('type', 'text')
})

test('a changed password shows its progress on the Update button (no "Loading..." toast), then "Password Changed Successfully"', async () => {
  let body: unknown
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(http.post('/auth/changepassword', async ({ request, response }) => {
    body = await request.json()
    await held
    return response(200).json({ success: true, message: 'Password updated successfully' })
  }))
  const { user } = await openSettings(applicant)
  await user.type(await screen.findByLabelText('Current Password'), 'secret123')
  await user.type(screen.getByLabelText('New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Update' }))
  await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toHaveAttribute('aria-busy', 'true'))
  expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled()
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
  release()
  expect(await screen.findByText('Password Changed Successfully')).toBeInTheDocument()
  expect(body).toEqual({ oldPassword: 'secret123', newPassword: 'newsecret123' })
  expect(screen.getByLabelText('Current Password')).toHaveValue('')
})

test('a refused password change shows the server message', async () => {
  server.use(http.post('/auth/changepassword', ({ response }) => response(401).json({ success: false, message: 'The password is incorrect' })))
  const { user, router } = await openSettings(applicant)
  await user.type(await screen.findByLabelText('Current Password'), 'wrong-one')
  await user.type(screen.getByLabelText('New Password'), 'newsecret123')
  await user.click(screen.getByRole('button', { name: 'Update' }))
  expect(await screen.findByText('The password is incorrect')).toBeInTheDocument()
  // A wrong current password is not a refused session.
  expect(router.state.location.pathname).toBe('/dashboard/settings')
  expect(localStorage.getItem('token')).toBe('applicant-token')
})

test("an applicant's form starts with the stored names, about text, skills and education", async () => {
  await openSettings(applicant)
  const form = profileForm()
  expect(form.getByLabelText('First Name')).toHaveValue('Ann')
  expect(form.getByLabelText('Last Name')).toHaveValue('Lee')
  expect(form.getByLabelText('About')).toHaveValue('I build reliable web services.')
  expect(form.getByLabelText('Skills (separated by commas)')).toHaveValue('Rust, SQL, React')
  const first = within(form.getByRole('group', { name: 'Education 1' }))
  expect(first.getByLabelText('Institution Name')).toHaveValue('MIT')
  expect(first.getByLabelText('Start Year')).toHaveValue('2015')
  expect(first.getByLabelText('End Year (optional)')).toHaveValue('2019')
  expect(within(form.getByRole('group', { name: 'Education 2' })).getByLabelText('End Year (optional)')).toHaveValue('')
})

test('an applicant who has written nothing yet (the API sends a null about text) starts with an empty About and can save', async () => {
  const { seen, release } = acceptUpdate(applicant)
  release()
  const { user, router } = await openSettings(applicant, emptyApplicantDetails())
  expect(profileForm().getByLabelText('About')).toHaveValue('')
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(seen.body).toMatchObject({ firstName: 'Ann', lastName: 'Lee', profile: '' })
})

test('empty names show "Please enter your first name." and "Please enter your last name." and nothing is sent', async () => {
  let sent = false
  server.use(http.post('/auth/updateUserDetails', ({ response }) => ((sent = true), response.untyped(HttpResponse.json({ success: true })))))
  const { user } = await openSettings(applicant)
  await user.clear(profileForm().getByLabelText('First Name'))
  await user.clear(profileForm().getByLabelText('Last Name'))
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await profileForm().findByText('Please enter your first name.')).toBeVisible()
  expect(profileForm().getByText('Please enter your last name.')).toBeVisible()
  expect(profileForm().getByLabelText('First Name')).toHaveAccessibleDescription('Please enter your first name.')
  expect(sent).toBe(false)
})

test('an education row without institution and start year shows "Please enter the institution name." and "Please enter the start year."', async () => {
  const { user } = await openSettings(applicant, emptyApplicantDetails())
  await user.click(profileForm().getByRole('button', { name: 'Add Education' }))
  const row = within(profileForm().getByRole('group', { name: 'Education 1' }))
  expect(row.getByLabelText('Institution Name')).toHaveFocus()
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await row.findByText('Please enter the institution name.')).toBeVisible()
  expect(row.getByText('Please enter the start year.')).toBeVisible()
})

test('an end year before the start year shows "End year cannot be before start year"', async () => {
  const { user } = await openSettings(applicant)
  const row = within(profileForm().getByRole('group', { name: 'Education 1' }))
  await user.clear(row.getByLabelText('End Year (optional)'))
  await user.type(row.getByLabelText('End Year (optional)'), '2010')
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await row.findByText('End year cannot be before start year')).toBeVisible()
})

test('a start year outside 1900 to next year shows the allowed range', async () => {
  const { user } = await openSettings(applicant)
  const row = within(profileForm().getByRole('group', { name: 'Education 1' }))
  await user.clear(row.getByLabelText('Start Year'))
  await user.type(row.getByLabelText('Start Year'), '1850')
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await row.findByText(`Start year must be a year from 1900 to ${new Date().getFullYear() + 1}`)).toBeVisible()
})

test('an empty contact number shows "Please enter your Contact Number."', async () => {
  const { user } = await openSettings(recruiter)
  await user.clear(profileForm().getByLabelText('Contact Number'))
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await profileForm().findByText('Please enter your Contact Number.')).toBeVisible()
})

test('a recruiter who has filled in nothing yet (the API sends nulls) starts with empty fields, and Save asks only for the contact number', async () => {
  const { user } = await openSettings(recruiter, emptyRecruiterDetails())
  const form = profileForm()
  expect(form.getByLabelText('Company')).toHaveValue('')
  expect(form.getByLabelText('Position')).toHaveValue('')
  expect(form.getByLabelText('Contact Number')).toHaveValue('')
  await user.click(form.getByRole('button', { name: 'Save' }))
  expect(await form.findByText('Please enter your Contact Number.')).toBeVisible()
  expect(form.getByLabelText('Company')).not.toHaveAccessibleDescription()
  expect(form.getByLabelText('Position')).not.toHaveAccessibleDescription()
})

test.each(['123456789', '1234567890123', '98765-4321a', '++91 98450 12345'])('the contact number %s shows "Invalid Contact Number"', async (number) => {
  const { user } = await openSettings(recruiter)
  await user.clear(profileForm().getByLabelText('Contact Number'))
  await user.type(profileForm().getByLabelText('Contact Number'), number)
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await profileForm().findByText('Invalid Contact Number')).toBeVisible()
})

test('saving the applicant form shows its progress on Save (no "Updating user details..." toast), then "User updated successfully", stores the user and goes to My Profile', async () => {
  const { seen, release } = acceptUpdate(applicant)
  const { user, router, queryClient } = await openSettings(applicant)
  const form = profileForm()
  await user.clear(form.getByLabelText('First Name'))
  await user.type(form.getByLabelText('First Name'), ' Annie ')
  await user.clear(form.getByLabelText('About'))
  await user.type(form.getByLabelText('About'), 'Backend developer.')
  await user.clear(form.getByLabelText('Skills (separated by commas)'))
  await user.type(form.getByLabelText('Skills (separated by commas)'), 'Rust, , Go ,SQL')
  const second = within(form.getByRole('group', { name: 'Education 2' }))
  await user.type(second.getByLabelText('End Year (optional)'), '2022')
  await user.click(form.getByRole('button', { name: 'Save' }))

  await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true'))
  expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()
  expect(screen.queryByText('Updating user details...')).not.toBeInTheDocument()
  release()
  expect(await screen.findByText('User updated successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(seen.body).toEqual({
    firstName: 'Annie',
    lastName: 'Lee',
    profile: 'Backend developer.',
    skills: ['Rust', 'Go', 'SQL'],
    education: [
      { _id: 'e1', institutionName: 'MIT', startYear: 2015, endYear: 2019 },
      { _id: 'e2', institutionName: 'Open University', startYear: 2020, endYear: 2022 },
    ],
  })
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual({ ...applicant, firstName: 'Annie' })
  expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ ...applicant, firstName: 'Annie' })
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  expect(within(screen.getByRole('main')).getByText('Annie Lee')).toBeVisible()
})

test('Add Education adds an empty row and Remove takes a row away', async () => {
  const { seen, release } = acceptUpdate(applicant)
  release()
  const { user, router } = await openSettings(applicant)
  const form = profileForm()
  await user.click(form.getByRole('button', { name: 'Remove Education 1' }))
  expect(form.getByRole('button', { name: 'Add Education' })).toHaveFocus()
  expect(form.queryByRole('group', { name: 'Education 2' })).not.toBeInTheDocument()
  expect(within(form.getByRole('group', { name: 'Education 1' })).getByLabelText('Institution Name')).toHaveValue('Open University')

  await user.click(form.getByRole('button', { name: 'Add Education' }))
  const added = within(form.getByRole('group', { name: 'Education 2' }))
  await user.type(added.getByLabelText('Institution Name'), 'Stanford')
  await user.type(added.getByLabelText('Start Year'), '2023')
  await user.click(form.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(seen.body?.education).toEqual([
    { _id: 'e2', institutionName: 'Open University', startYear: 2020, endYear: null },
    { institutionName: 'Stanford', startYear: 2023, endYear: null },
  ])
})

test('removing every education row sends an empty list', async () => {
  const { seen, release } = acceptUpdate(applicant)
  release()
  const { user, router } = await openSettings(applicant)
  await user.click(profileForm().getByRole('button', { name: 'Remove Education 1' }))
  await user.click(profileForm().getByRole('button', { name: 'Remove Education 1' }))
  expect(profileForm().getByText('No education details available.')).toBeVisible()
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(seen.body?.education).toEqual([])
})

test('saving the recruiter form sends the names, company, position and contact number', async () => {
  const { seen, release } = acceptUpdate(recruiter)
  release()
  const { user, router } = await openSettings(recruiter)
  const form = profileForm()
  expect(form.getByLabelText('Company')).toHaveValue('Acme')
  expect(form.queryByLabelText('About')).not.toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Resume' })).not.toBeInTheDocument()
  await user.clear(form.getByLabelText('Company'))
  await user.type(form.getByLabelText('Company'), 'Globex')
  await user.clear(form.getByLabelText('Position'))
  await user.type(form.getByLabelText('Position'), 'CTO')
  await user.clear(form.getByLabelText('Contact Number'))
  expect(form.getByLabelText('Contact Number')).toHaveAccessibleDescription('10 to 12 digits; spaces, dashes and a leading + are fine')
  await user.type(form.getByLabelText('Contact Number'), '+91 98765 43210')
  await user.click(form.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('User updated successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(seen.body).toEqual({ firstName: 'Raj', lastName: 'Rao', company: 'Globex', position: 'CTO', contactNumber: '+91 98765 43210' })
})

test('a refused save shows the server message and stays on Settings', async () => {
  server.use(
    http.post('/auth/updateUserDetails', ({ response }) =>
      response(400).json({ success: false, message: 'End year cannot be before start year' }),
    ),
  )
  const { user, router, queryClient } = await openSettings(applicant)
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('End year cannot be before start year')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/dashboard/settings')
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(applicant)
})

test('a save failing without a message shows "Could not update profile"', async () => {
  server.use(http.post('/auth/updateUserDetails', ({ response }) => response.untyped(new HttpResponse('oops', { status: 502 }))))
  const { user } = await openSettings(recruiter)
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Could not update profile')).toBeInTheDocument()
})

test('a PDF chosen with the file input shows its name with Cancel, and Cancel clears it', async () => {
  const { user } = await openSettings(applicant, emptyApplicantDetails())
  const resume = resumeSection()
  const input = resume.getByLabelText('Browse')
  expect(input).toHaveAttribute('type', 'file')
  expect(input).toHaveAttribute('accept', 'application/pdf,.pdf')
  expect(input).toHaveAccessibleDescription('PDF only (.pdf)')
  await user.upload(input, pdf('ann-cv.pdf'))
  expect(resume.getByText('ann-cv.pdf')).toBeVisible()
  await user.click(resume.getByRole('button', { name: 'Cancel' }))
  expect(resume.queryByText('ann-cv.pdf')).not.toBeInTheDocument()
  expect(resume.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
  expect(input).toHaveFocus()
})

test('the file input is reachable with the keyboard', async () => {
  const { user } = await openSettings(applicant, emptyApplicantDetails())
  screen.getByRole('button', { name: 'Save' }).focus()
  await user.tab()
  expect(resumeSection().getByLabelText('Browse')).toHaveFocus()
})

test('a PDF dropped on the drop zone is chosen', async () => {
  await openSettings(applicant, emptyApplicantDetails())
  const zone = resumeSection().getByRole('group', { name: 'Resume drop zone' })
  fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } })
  fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')] } })
  expect(await resumeSection().findByText('dropped.pdf')).toBeVisible()
  expect(resumeSection().getByRole('button', { name: 'Cancel' })).toBeVisible()
})

test('a file that is not a PDF is refused with "Only PDF files are allowed"', async () => {
  await openSettings(applicant, emptyApplicantDetails())
  const zone = resumeSection().getByRole('group', { name: 'Resume drop zone' })
  fireEvent.drop(zone, { dataTransfer: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } })
  expect(await resumeSection().findByText('Only PDF files are allowed')).toBeVisible()
  expect(resumeSection().queryByText('notes.txt')).not.toBeInTheDocument()

  fireEvent.change(resumeSection().getByLabelText('Browse'), { target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] } })
  expect(resumeSection().getByText('Only PDF files are allowed')).toBeVisible()
  expect(resumeSection().queryByText('photo.png')).not.toBeInTheDocument()
})

test('Upload without a file shows "Resume is required" and sends nothing', async () => {
  let sent = false
  server.use(http.post('/upload/uploadResume', ({ response }) => ((sent = true), response.untyped(HttpResponse.json({ success: true })))))
  const { user } = await openSettings(applicant, emptyApplicantDetails())
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))
  expect(await resumeSection().findByText('Resume is required')).toBeVisible()
  expect(resumeSection().getByLabelText('Browse')).toHaveAccessibleDescription('PDF only (.pdf) Resume is required')
  expect(sent).toBe(false)
  expect(screen.queryByText('Uploading resume...')).not.toBeInTheDocument()
})

test('with a resume on file, "Remove and Upload New File" opens the drop zone', async () => {
  const { user } = await openSettings(applicant)
  const resume = resumeSection()
  expect(resume.queryByLabelText('Browse')).not.toBeInTheDocument()
  await user.click(resume.getByRole('button', { name: 'Remove and Upload New File' }))
  expect(resume.getByLabelText('Browse')).toHaveFocus()
  expect(resume.queryByRole('button', { name: 'Remove and Upload New File' })).not.toBeInTheDocument()
  await user.upload(resume.getByLabelText('Browse'), pdf('new-cv.pdf'))
  expect(resume.getByText('new-cv.pdf')).toBeVisible()
})

test('an upload shows its progress in place (no "Uploading resume..." toast), then "Resume uploaded successfully" and goes to My Profile', async () => {
  let contentType = ''
  let authorization: string | null = null
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http.post('/upload/uploadResume', async ({ request, response }) => {
      authorization = request.headers.get('Authorization')
      contentType = request.headers.get('Content-Type') ?? ''
      await held
      return response(200).json({ success: true, message: 'Resume uploaded successfully', updatedApplicant: applicantDetails() })
    }),
  )
  const { user, router } = await openSettings(applicant, emptyApplicantDetails())
  await user.upload(resumeSection().getByLabelText('Browse'), pdf('ann-cv.pdf'))
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))

  const progress = await resumeSection().findByRole('progressbar', { name: 'Upload progress' })
  expect(resumeSection().getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-busy', 'true')
  expect(screen.queryByText('Uploading resume...')).not.toBeInTheDocument()
  expect(progress).toHaveAttribute('max', '100')
  expect(progress).toHaveAttribute('value', '0')
  release()
  await waitFor(() => expect(progress).toHaveAttribute('value', '100'))
  expect(await screen.findByText('Resume uploaded successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
  expect(authorization).toBe('Bearer applicant-token')
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
})

test('from a job\'s "Upload a resume" (?next=/job/j1) Settings says so, and the upload goes back to that job with its apply dialog open', async () => {
  server.use(
    http.post('/upload/uploadResume', ({ response }) => response(200).json({ success: true, message: 'Resume uploaded successfully', updatedApplicant: applicantDetails() })),
    http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message, data: emptyApplicantDetails() })),
  )
  signIn(applicant)
  const { user, router } = renderApp('/dashboard/settings?next=/job/j1')
  const note = await screen.findByText(/^Once your resume is uploaded or your profile saved, you go back to the job\./)
  expect(note).toHaveTextContent('Once your resume is uploaded or your profile saved, you go back to the job. Back to the job')
  expect(screen.getByRole('link', { name: 'Back to the job' })).toHaveAttribute('href', '/job/j1')
  await screen.findByRole('region', { name: 'Resume' })
  await user.upload(resumeSection().getByLabelText('Browse'), pdf('ann-cv.pdf'))
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))
  expect(await screen.findByText('Resume uploaded successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/job/j1'))
  expect(await screen.findByRole('heading', { level: 1, name: 'Backend Developer' })).toBeVisible()
  expect(await screen.findByRole('dialog', { name: 'Apply for Backend Developer' })).toBeVisible()
})

test('from a job\'s "Upload a resume", a profile save goes back to that job with its apply dialog open, not to My Profile', async () => {
  const { seen, release } = acceptUpdate(applicant)
  release()
  server.use(http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message, data: emptyApplicantDetails() })))
  signIn(applicant)
  const { user, router } = renderApp('/dashboard/settings?next=/job/j1')
  await screen.findByRole('region', { name: 'Profile Information' })
  await user.type(profileForm().getByLabelText('About'), 'I build reliable web services.')
  await user.click(profileForm().getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('User updated successfully')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/job/j1'))
  expect(await screen.findByRole('dialog', { name: 'Apply for Backend Developer' })).toBeVisible()
  expect(seen.body).toMatchObject({ profile: 'I build reliable web services.' })
})

test('Settings ignores a next that is not a job of this site: the upload goes to My Profile', async () => {
  server.use(
    http.post('/upload/uploadResume', ({ response }) => response(200).json({ success: true, message: 'Resume uploaded successfully', updatedApplicant: applicantDetails() })),
    http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message, data: emptyApplicantDetails() })),
  )
  signIn(applicant)
  const { user, router } = renderApp('/dashboard/settings?next=//evil.example/job/j1')
  await screen.findByRole('region', { name: 'Resume' })
  await user.upload(resumeSection().getByLabelText('Browse'), pdf('ann-cv.pdf'))
  expect(screen.queryByRole('link', { name: 'Back to the job' })).not.toBeInTheDocument()
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'))
})

test('a refused upload shows the server message and stays on Settings', async () => {
  server.use(
    http.post('/upload/uploadResume', ({ response }) => response(413).json({ success: false, message: 'Resume must be at most 10 bytes' })),
  )
  const { user, router } = await openSettings(applicant, emptyApplicantDetails())
  await user.upload(resumeSection().getByLabelText('Browse'), pdf())
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))
  expect(await screen.findByText('Resume must be at most 10 bytes')).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/dashboard/settings')
  expect(resumeSection().queryByRole('progressbar')).not.toBeInTheDocument()
  expect(resumeSection().getByText('resume.pdf')).toBeVisible()
})

test('an upload failing without a message shows "Failed to upload resume"', async () => {
  server.use(http.post('/upload/uploadResume', ({ response }) => response.untyped(new HttpResponse('oops', { status: 500 }))))
  const { user } = await openSettings(applicant, emptyApplicantDetails())
  await user.upload(resumeSection().getByLabelText('Browse'), pdf())
  await user.click(resumeSection().getByRole('button', { name: 'Upload' }))
  expect(await screen.findByText('Failed to upload resume')).toBeInTheDocument()
})

/** The server's e-mail settings (each PUT body recorded, and kept). */
function answerEmailSettings(loaded: EmailSettings) {
  let current = loaded
  const saved: unknown[] = []
  server.use(
    http.get('/auth/notifications/settings', ({ response }) => response(200).json({ success: true, message: 'Settings fetched successfully', email: current })),
    http.put('/auth/notifications/settings', async ({ request, response }) => {
      const body = (await request.json()) as { email: EmailSettings }
      saved.push(body)
      current = body.email
      return response(200).json({ success: true, message: 'Settings saved', email: current })
    }),
  )
  return saved
}

const emailChoices = async () => within(await screen.findByRole('group', { name: 'Notification e-mails' }))

test("an Applicant chooses among the kinds that reach applicants; Save sends all six, the others as they were, and says the server's message", async () => {
  const saved = answerEmailSettings(emailSettings({ newApplication: false, interview: false }))
  const { user } = await openSettings(applicant)
  const choices = await emailChoices()
  const boxes = await choices.findAllByRole('checkbox')
  expect(boxes.map((box) => box.getAttribute('name'))).toEqual(['stageChange', 'interview', 'message'])
  expect(choices.getByRole('checkbox', { name: "Changes to my applications' stages" })).toBeChecked()
  expect(choices.getByRole('checkbox', { name: 'Interview invitations and changes' })).not.toBeChecked()
  expect(choices.queryByRole('checkbox', { name: 'New applications to my jobs' })).not.toBeInTheDocument()
  await user.click(choices.getByRole('checkbox', { name: 'New messages' }))
  await user.click(choices.getByRole('checkbox', { name: 'Interview invitations and changes' }))
  await user.click(screen.getByRole('button', { name: 'Save notification settings' }))
  expect(await screen.findByText('Settings saved')).toBeInTheDocument()
  expect(saved).toEqual([{ email: { newApplication: false, stageChange: true, interview: true, message: false, jobClosing: true, mention: true } }])
})

test('a Recruiter chooses among new applications, withdrawals, interviews, messages, jobs closing and mentions in notes', async () => {
  const saved = answerEmailSettings(emailSettings({ stageChange: false }))
  const { user } = await openSettings(recruiter)
  const choices = await emailChoices()
  const boxes = await choices.findAllByRole('checkbox')
  expect(boxes.map((box) => (box.closest('label') as HTMLElement).textContent)).toEqual([
    'New applications to my jobs',
    'Applicants withdrawing or deleting their account',
    'Interview invitations and changes',
    'New messages',
    'My jobs closing within a day',
    'Mentions in notes',
  ])
  await user.click(choices.getByRole('checkbox', { name: 'My jobs closing within a day' }))
  await user.click(screen.getByRole('button', { name: 'Save notification settings' }))
  await waitFor(() => expect(saved).toEqual([{ email: { newApplication: true, stageChange: false, interview: true, message: true, jobClosing: false, mention: true } }]))
})

test('a Recruiter switches off the e-mails of mentions in notes, and Save sends `mention` false with the rest as they were', async () => {
  const saved = answerEmailSettings(emailSettings())
  const { user } = await openSettings(recruiter)
  const choices = await emailChoices()
  const mentions = await choices.findByRole('checkbox', { name: 'Mentions in notes' })
  expect(mentions).toBeChecked()
  expect(mentions).toHaveAttribute('name', 'mention')
  await user.click(mentions)
  expect(mentions).not.toBeChecked()
  await user.click(screen.getByRole('button', { name: 'Save notification settings' }))
  expect(await screen.findByText('Settings saved')).toBeInTheDocument()
  expect(saved).toEqual([{ email: { newApplication: true, stageChange: true, interview: true, message: true, jobClosing: true, mention: false } }])
})

test('a failed save says the server\'s message', async () => {
  answerEmailSettings(emailSettings())
  server.use(http.put('/auth/notifications/settings', ({ response }) => response(400).json({ success: false, message: 'Every kind must be named' })))
  const { user } = await openSettings(applicant)
  await (await emailChoices()).findAllByRole('checkbox')
  await user.click(screen.getByRole('button', { name: 'Save notification settings' }))
  expect(await screen.findByText('Every kind must be named')).toBeInTheDocument()
})
