import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { User } from '@/lib/auth'
import { USER_QUERY_KEY } from '@/lib/auth/user'
import { admin, applicant, applicantDetails, emptyApplicantDetails, recruiter } from '@/testing/fixtures'
import { stubPushBrowser, unstubPushBrowser } from '@/testing/push'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'

/** Settings' "Your data" and "Delete my account" (docs/product.md#your-data, #delete-my-account). */

const EXPORT = JSON.stringify({
  exportedAt: '2026-03-01T10:00:00Z',
  account: { _id: 'u-applicant', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', accountType: 'Applicant', createdAt: '2026-01-01T00:00:00Z' },
  profile: null,
  applications: [],
  savedJobs: [],
  savedSearches: [],
  jobs: [],
  messages: [],
  notifications: [],
  resume: null,
})

/** What the page offered to save: each temporary link clicked, with the bytes behind its object URL. */
function watchDownloads() {
  const blobs = new Map<string, Blob>()
  let next = 0
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:http://localhost/export-${next++}`
    blobs.set(url, blob as Blob)
    return url
  }
  const revoked: string[] = []
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
  const offered: { name: string; blob: Blob | undefined; attached: boolean }[] = []
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    offered.push({ name: this.download, blob: blobs.get(this.href), attached: this.isConnected })
  })
  return { offered, revoked, restore: () => click.mockRestore() }
}

async function openSettings(person: User, details = applicantDetails()) {
  signIn(person)
  server.use(http.get('/auth/applicantDetails', ({ response }) => response(200).json({ success: true, message: 'Details fetched', data: details })))
  const view = renderApp('/dashboard/settings')
  await screen.findByRole('heading', { level: 1, name: 'Settings' })
  return view
}

const yourData = () => within(screen.getByRole('region', { name: 'Your data' }))
const deletion = () => within(screen.getByRole('region', { name: 'Delete my account' }))

/** Opens the confirmation from the section's button; returns the button and the dialog. */
async function openDeletion(person: User = applicant) {
  const view = await openSettings(person)
  const opener = deletion().getByRole('button', { name: 'Delete my account…' })
  await view.user.click(opener)
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' })
  return { ...view, opener, dialog: within(dialog), element: dialog }
}

/** The deletion as the server answers it, keeping what was sent. */
function answerDeletion(status: 200 | 400 | 401 | 409 | 503, message: string) {
  const seen: { body?: unknown; authorization?: string | null; calls: number } = { calls: 0 }
  server.use(
    http.post('/auth/account/delete', async ({ request, response }) => {
      seen.calls++
      seen.body = await request.json()
      seen.authorization = request.headers.get('Authorization')
      return status === 200 ? response(200).json({ success: true, message }) : response(status).json({ success: false, message })
    }),
  )
  return seen
}

test('"Download my data" fetches the export with the bearer token and offers the file as jobportal-data.json', async () => {
  let authorization: string | null = null
  server.use(
    http.get('/auth/account/export', ({ request, response }) => {
      authorization = request.headers.get('Authorization')
      return response.untyped(
        new HttpResponse(EXPORT, { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="jobportal-data.json"' } }),
      )
    }),
  )
  const downloads = watchDownloads()
  const { user } = await openSettings(applicant)
  await user.click(yourData().getByRole('button', { name: 'Download my data' }))
  await waitFor(() => expect(downloads.offered).toHaveLength(1))
  downloads.restore()
  expect(authorization).toBe('Bearer applicant-token')
  const [offered] = downloads.offered
  expect(offered.name).toBe('jobportal-data.json')
  expect(offered.attached).toBe(true)
  expect(await offered.blob?.text()).toBe(EXPORT)
  // The temporary link and object URL do not stay behind.
  expect(document.querySelector('a[download="jobportal-data.json"]')).toBeNull()
  await waitFor(() => expect(downloads.revoked).toEqual(['blob:http://localhost/export-0']))
  expect(yourData().getByRole('button', { name: 'Download my data' })).toBeEnabled()
})

test('a refused export says the server\'s message in a toast and offers no file', async () => {
  server.use(
    http.get('/auth/account/export', ({ response }) =>
      response.untyped(HttpResponse.json({ success: false, message: 'The server is busy, try again in a minute' }, { status: 503 })),
    ),
  )
  const downloads = watchDownloads()
  const { user } = await openSettings(recruiter)
  await user.click(yourData().getByRole('button', { name: 'Download my data' }))
  expect(await screen.findByText('The server is busy, try again in a minute')).toBeInTheDocument()
  downloads.restore()
  expect(downloads.offered).toEqual([])
})

test('an applicant with a resume on file can download it from the address the profile gives, under its name', async () => {
  await openSettings(applicant)
  const resume = await yourData().findByRole('link', { name: 'Download my resume' })
  expect(resume).toHaveAttribute('href', applicantDetails().resume)
  expect(resume).toHaveAttribute('download', 'resume.pdf')
})

test('an applicant without a resume gets "Download my data" but no "Download my resume"', async () => {
  await openSettings(applicant, emptyApplicantDetails())
  await screen.findByRole('region', { name: 'Resume' })
  expect(yourData().queryByRole('link', { name: 'Download my resume' })).not.toBeInTheDocument()
  expect(yourData().getByRole('button', { name: 'Download my data' })).toBeVisible()
})

test('a recruiter gets no "Download my resume", and is told their jobs and the applications to them go too', async () => {
  await openSettings(recruiter)
  expect(yourData().queryByRole('link', { name: 'Download my resume' })).not.toBeInTheDocument()
  const removed = deletion().getAllByRole('listitem').map((item) => item.textContent)
  expect(removed).toEqual(['your account and your profile', 'your jobs, and the applications to them', 'your notifications and your messages'])
})

test("an applicant is told their resume, applications (leaving the recruiters' lists), saved jobs and searches go, and what the audit log keeps", async () => {
  await openSettings(applicant)
  const removed = deletion().getAllByRole('listitem').map((item) => item.textContent)
  expect(removed).toEqual([
    'your account and your profile',
    'your resume',
    "your applications, which leave the recruiters' lists",
    'your saved jobs and saved searches',
    'your notifications and your messages',
  ])
  expect(deletion().getByText('What is kept: the admin audit log keeps that an action happened, not its content. Download your data first if you want a copy.')).toBeVisible()
})

test('the confirmation opens on the Password field, Tab stays inside it, and Escape closes it with the focus back on "Delete my account…"', async () => {
  const sent = answerDeletion(200, 'Your account has been deleted')
  const { user, opener, dialog, element } = await openDeletion()
  expect(element).toHaveAttribute('aria-modal', 'true')
  expect(element).toHaveAccessibleDescription('This cannot be undone. Enter your password to confirm.')
  const password = dialog.getByLabelText('Password')
  expect(password).toHaveFocus()
  expect(password).toHaveAttribute('type', 'password')

  await user.tab()
  expect(dialog.getByRole('button', { name: 'Show Password' })).toHaveFocus()
  await user.tab()
  expect(dialog.getByRole('button', { name: 'Delete my account' })).toHaveFocus()
  await user.tab()
  expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.tab()
  expect(password).toHaveFocus()
  await user.tab({ shift: true })
  expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus()

  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
  expect(sent.calls).toBe(0)
})

test('Cancel closes the confirmation and the person stays signed in on Settings', async () => {
  const { user, opener, dialog, router } = await openDeletion()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
  expect(router.state.location.pathname).toBe('/dashboard/settings')
})

test('an empty password is refused in the dialog with "Please enter your password." and nothing is sent', async () => {
  const sent = answerDeletion(200, 'Your account has been deleted')
  const { user, dialog } = await openDeletion()
  await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
  expect(await dialog.findByText('Please enter your password.')).toBeVisible()
  expect(dialog.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.')
  expect(sent.calls).toBe(0)
})

test('a wrong password shows the server\'s "The password is incorrect" in the dialog, and the person stays signed in', async () => {
  const sent = answerDeletion(401, 'The password is incorrect')
  const { user, dialog, router } = await openDeletion()
  await user.type(dialog.getByLabelText('Password'), 'not-my-password')
  await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent(/^The password is incorrect$/)
  expect(sent.body).toEqual({ password: 'not-my-password' })
  expect(sent.authorization).toBe('Bearer applicant-token')
  // A wrong password is not a refused session: still signed in, still here, the password ready to retype.
  expect(screen.queryByText('Your session has expired, please log in again')).not.toBeInTheDocument()
  expect(localStorage.getItem('token')).toBe('applicant-token')
  expect(router.state.location.pathname).toBe('/dashboard/settings')
  expect(dialog.getByLabelText('Password')).toHaveFocus()
  expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument()
})

test('the last Admin is told the server\'s 409 message in the dialog and keeps the account', async () => {
  answerDeletion(409, 'You are the only Admin: make another Admin before deleting this account')
  const { user, dialog } = await openDeletion(admin)
  await user.type(dialog.getByLabelText('Password'), 'admin-secret-1')
  await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent(/^You are the only Admin: make another Admin before deleting this account$/)
  expect(localStorage.getItem('token')).toBe('admin-token')
})

test('a deleted account ends the session here as a logout does, goes to / and says "Your account has been deleted"', async () => {
  const sent = answerDeletion(200, 'Your account has been deleted')
  let loggedOut = false
  server.use(http.post('/auth/logout', ({ response }) => ((loggedOut = true), response(200).json({ success: true, message: 'Logged out successfully' }))))
  const { user, dialog, router, queryClient } = await openDeletion()
  await user.type(dialog.getByLabelText('Password'), 'first-secret-1')
  await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
  expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument()
  await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  expect(sent.body).toEqual({ password: 'first-secret-1' })
  // The server ended the session with the account: no logout call follows.
  expect(loggedOut).toBe(false)
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeUndefined()
  expect(queryClient.getQueryCache().findAll({ queryKey: ['profiles'] })).toHaveLength(0)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.queryByText('Your session has expired, please log in again')).not.toBeInTheDocument()
  // On / the header's Login carries no next; the page draws the move a render after the router makes it.
  await waitFor(() => expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login'))
})

test("a deleted account ends this browser's push subscription too", async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  answerDeletion(200, 'Your account has been deleted')
  try {
    const { user, dialog } = await openDeletion()
    await user.type(dialog.getByLabelText('Password'), 'first-secret-1')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument()
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1))
  } finally {
    unstubPushBrowser()
  }
})

test("a refused deletion keeps this browser's push subscription", async () => {
  const browser = stubPushBrowser({ permission: 'granted', subscribed: true })
  const subscription = browser.subscription()!
  answerDeletion(401, 'The password is incorrect')
  try {
    const { user, dialog } = await openDeletion()
    await user.type(dialog.getByLabelText('Password'), 'not-my-password')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^The password is incorrect$/)
    expect(subscription.unsubscribe).not.toHaveBeenCalled()
  } finally {
    unstubPushBrowser()
  }
})
