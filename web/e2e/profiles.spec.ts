import type { Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { freshEmail, signupCode } from './mail'

const PASSWORD = 'profile-secret-1'

/** A small valid PDF; the server checks that the bytes start with "%PDF-". */
const pdfBytes = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )

/** Signs up through the real calls (the code read from the server's outbox), then logs in on the page. */
async function signUpAndLogIn(page: Page, accountType: 'Applicant' | 'Recruiter', firstName: string, lastName: string) {
  const email = freshEmail(`profile-${accountType.toLowerCase()}`)
  const sent = await page.request.post('/api/v1/auth/sendotp', { data: { email } })
  expect(sent.status(), await sent.text()).toBe(200)
  const otp = await signupCode(email)
  const signedUp = await page.request.post('/api/v1/auth/signup', {
    data: { accountType, firstName, lastName, email, password: PASSWORD, confirmPassword: PASSWORD, otp },
  })
  expect(signedUp.status(), await signedUp.text()).toBe(200)

  await page.goto('/login')
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  // A recruiter's login lands on their work, My Jobs; this journey is about the profile.
  if (accountType === 'Recruiter') {
    await expect(page).toHaveURL(/\/dashboard\/my-jobs$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click()
  }
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await toastGone(page, 'Login Successful')
  return email
}

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Profile Information' })).toBeVisible()
}

/** Drops a file on the element the way a browser does: a drop event carrying a DataTransfer. */
async function dropFile(zone: Locator, name: string, type: string, bytes: Buffer) {
  const dataTransfer = await zone.page().evaluateHandle(
    ({ name, type, data }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(data)], name, { type }))
      return transfer
    },
    { name, type, data: [...bytes] },
  )
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

/**
 * Waits until a toast has left the page: one fading out while axe reads the page would be judged
 * half-transparent. A success toast stays 2 s, an error 4 s, then leaves 1 s after.
 */
async function toastGone(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toHaveCount(0, { timeout: 7_000 })
}

/**
 * The resume link on My Profile opens in a new tab, where the browser's PDF viewer shows it (the
 * server sends it inline, never as a download); returns the bytes it serves.
 */
async function resumeOnProfile(page: Page) {
  const link = page.getByRole('region', { name: 'Applicant Details' }).getByRole('link', { name: 'Download Resume' })
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).not.toHaveAttribute('download')
  const file = await page.request.get((await link.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect(file.headers()['content-disposition']).toMatch(/^inline; filename="[^"]+-resume\.pdf"$/)
  return file.body()
}

test('an applicant fills in every Settings field, sees each validation message, and uploads a resume by drop and by browsing', async ({ page }) => {
  // The longest single-page journey (three toasts waited out, nine accessibility scans): about 30 s on a busy two-core machine.
  test.setTimeout(60_000)
  await signUpAndLogIn(page, 'Applicant', 'Ann', 'Lee')
  const details = page.getByRole('region', { name: 'Applicant Details' })
  await expect(details.getByText('Write Something About Yourself')).toBeVisible()
  await expect(details.getByText('No education details available.')).toBeVisible()
  await expect(details.getByText('No skills listed.')).toBeVisible()
  await expect(details.getByText('No resume uploaded yet.')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
  const form = page.getByRole('region', { name: 'Profile Information' })
  await expect(form.getByLabel('First Name')).toHaveValue('Ann')
  await expectAccessible(page)

  // Every client-side message at once.
  await form.getByLabel('First Name').fill('')
  await form.getByLabel('Last Name').fill('  ')
  await form.getByRole('button', { name: 'Add Education' }).click()
  await form.getByRole('button', { name: 'Add Education' }).click()
  const first = form.getByRole('group', { name: 'Education 1' })
  const second = form.getByRole('group', { name: 'Education 2' })
  await second.getByLabel('Institution Name').fill('Open University')
  await second.getByLabel('Start Year').fill('2020')
  await second.getByLabel('End Year (optional)').fill('2018')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('Please enter your first name.')).toBeVisible()
  await expect(form.getByText('Please enter your last name.')).toBeVisible()
  await expect(first.getByText('Please enter the institution name.')).toBeVisible()
  await expect(first.getByText('Please enter the start year.')).toBeVisible()
  await expect(second.getByText('End year cannot be before start year')).toBeVisible()
  await expectAccessible(page)

  await form.getByLabel('First Name').fill('Annie')
  await form.getByLabel('Last Name').fill('Leeson')
  await form.getByLabel('About').fill('Backend developer who likes databases.')
  await form.getByLabel('Skills (separated by commas)').fill('Rust, SQL ,, React')
  await first.getByLabel('Institution Name').fill('MIT')
  await first.getByLabel('Start Year').fill('2015')
  await first.getByLabel('End Year (optional)').fill('2019')
  await second.getByLabel('End Year (optional)').fill('')
  await form.getByRole('button', { name: 'Add Education' }).click()
  await form.getByRole('group', { name: 'Education 3' }).getByLabel('Institution Name').fill('To be removed')
  await form.getByRole('button', { name: 'Remove Education 3' }).click()
  await expect(form.getByRole('group', { name: 'Education 3' })).toHaveCount(0)
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)

  const main = page.getByRole('main')
  await expect(main.getByText('Annie Leeson')).toBeVisible()
  await expect(details.getByText('Backend developer who likes databases.')).toBeVisible()
  await expect(details.getByRole('listitem')).toHaveText(['MIT 2015 - 2019', 'Open University 2020 - Present'])
  await expect(details.getByText('Rust, SQL, React')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible()
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).firstName)).toBe('Annie')
  await expectAccessible(page)
  await toastGone(page, 'User updated successfully')

  // The resume: nothing without a file, other types refused, then a PDF dropped on the zone.
  await openSettings(page)
  const resume = page.getByRole('region', { name: 'Resume' })
  await resume.getByRole('button', { name: 'Upload' }).click()
  await expect(resume.getByText('Resume is required')).toBeVisible()
  const zone = resume.getByRole('group', { name: 'Resume drop zone' })
  await dropFile(zone, 'notes.txt', 'text/plain', Buffer.from('just text'))
  await expect(resume.getByText('Only PDF files are allowed')).toBeVisible()
  await expectAccessible(page)

  const dropped = pdfBytes('dropped resume')
  await dropFile(zone, 'dropped-cv.pdf', 'application/pdf', dropped)
  await expect(resume.getByText('dropped-cv.pdf')).toBeVisible()
  await expect(resume.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await expectAccessible(page)
  await resume.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Resume uploaded successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)
  expect((await resumeOnProfile(page)).equals(dropped)).toBe(true)
  await expectAccessible(page)
  await toastGone(page, 'Resume uploaded successfully')

  // A resume on file: replaced through "Remove and Upload New File" and the file input.
  await openSettings(page)
  await expect(resume.getByText('Your resume is uploaded.')).toBeVisible()
  await expectAccessible(page)
  await resume.getByRole('button', { name: 'Remove and Upload New File' }).click()
  const input = resume.getByLabel('Browse')
  await expect(input).toBeFocused()

  // A file named .pdf whose bytes are not a PDF passes the client and is refused by the server.
  await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') })
  await resume.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Only PDF files are allowed')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
  await toastGone(page, 'Only PDF files are allowed')

  await resume.getByRole('button', { name: 'Cancel' }).click()
  await expect(resume.getByText('fake.pdf')).toHaveCount(0)
  const browsed = pdfBytes('browsed resume')
  await input.setInputFiles({ name: 'browsed-cv.pdf', mimeType: 'application/pdf', buffer: browsed })
  await expect(resume.getByText('browsed-cv.pdf')).toBeVisible()
  await expectAccessible(page)
  await resume.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Resume uploaded successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)
  expect((await resumeOnProfile(page)).equals(browsed)).toBe(true)
})

test('a recruiter edits the company details and sees them on My Profile', async ({ page }) => {
  await signUpAndLogIn(page, 'Recruiter', 'Raj', 'Rao')
  const details = page.getByRole('region', { name: 'Recruiter Details' })
  await expect(details.getByRole('definition')).toHaveText(['Not provided', 'Not provided', 'Not provided'])
  await expectAccessible(page)

  await openSettings(page)
  const form = page.getByRole('region', { name: 'Profile Information' })
  await expect(page.getByRole('region', { name: 'Resume' })).toHaveCount(0)
  await form.getByLabel('First Name').fill('')
  await form.getByLabel('Last Name').fill('')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('Please enter your first name.')).toBeVisible()
  await expect(form.getByText('Please enter your last name.')).toBeVisible()
  await expect(form.getByText('Please enter your Contact Number.')).toBeVisible()
  await expectAccessible(page)

  await form.getByLabel('First Name').fill('Rajesh')
  await form.getByLabel('Last Name').fill('Rao')
  await form.getByLabel('Contact Number').fill('12345')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('Invalid Contact Number')).toBeVisible()

  await form.getByLabel('Company').fill('Acme Hiring')
  await form.getByLabel('Position').fill('Talent Lead')
  await form.getByLabel('Contact Number').fill('919876543210')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)
  await expect(page.getByRole('main').getByText('Rajesh Rao')).toBeVisible()
  await expect(details.getByRole('definition')).toHaveText(['Acme Hiring', 'Talent Lead', '919876543210'])
  await expectAccessible(page)

  await openSettings(page)
  await expect(form.getByLabel('Company')).toHaveValue('Acme Hiring')
  await expect(form.getByLabel('Contact Number')).toHaveValue('919876543210')
})
