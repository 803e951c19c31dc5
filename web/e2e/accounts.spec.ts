import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { freshEmail, resetLink, signupCode } from './mail'
import { postJob, signUp as signUpByApi } from './seed'

const PASSWORD = 'first-secret-1'

const SIDEBAR = {
  Applicant: ['My Profile', 'Jobs for You', 'My Applications', 'Saved Jobs', 'Saved Searches', 'Settings'],
  Recruiter: ['My Profile', 'Company', 'My Jobs', 'Add Job', 'Applications', 'Settings'],
}

type AccountType = 'Applicant' | 'Recruiter'

/** Where a login or a signup with nowhere else to go lands: an applicant on My Profile, a recruiter on their work, My Jobs. */
const HOME = {
  Applicant: { path: /\/dashboard\/my-profile$/, heading: 'My Profile' },
  Recruiter: { path: /\/dashboard\/my-jobs$/, heading: 'My Jobs' },
}

async function expectHome(page: Page, accountType: AccountType) {
  await expect(page).toHaveURL(HOME[accountType].path)
  await expect(page.getByRole('heading', { level: 1, name: HOME[accountType].heading })).toBeVisible()
}

async function signUp(page: Page, accountType: AccountType, email: string, check = false) {
  await page.goto('/signup')
  await expect(page.getByRole('tab', { name: 'Applicant' })).toHaveAttribute('aria-selected', 'true')
  if (check) await expectAccessible(page)
  await page.getByRole('tab', { name: accountType }).click()
  await page.getByLabel('First Name', { exact: true }).fill(accountType === 'Applicant' ? 'Ann' : 'Raj')
  await page.getByLabel('Last Name', { exact: true }).fill(accountType === 'Applicant' ? 'Lee' : 'Rao')
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Create Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('OTP Sent Successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/verify-email$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible()
  if (check) await expectAccessible(page)

  const code = await signupCode(email)
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.getByText('Signup Successful')).toBeVisible()
  // The signup's answer is a session: no second login.
  await expectHome(page, accountType)
}

async function logIn(page: Page, email: string, password: string, accountType: AccountType = 'Applicant') {
  if (!page.url().endsWith('/login')) await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Login Successful')).toBeVisible()
  await expectHome(page, accountType)
}

async function logOutFromSidebar(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('You will be logged out of your account.')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByText('Logged Out')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
}

for (const accountType of ['Applicant', 'Recruiter'] as const) {
  test(`${accountType === 'Applicant' ? 'an applicant' : 'a recruiter'} signs up with the e-mailed code, is logged in at once, sees the ${accountType} sidebar, logs out and in again`, async ({ page }) => {
    const email = freshEmail(accountType.toLowerCase())
    await signUp(page, accountType, email, true)
    await expectAccessible(page)

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByText(accountType === 'Applicant' ? 'Ann Lee' : 'Raj Rao')).toBeVisible()
    await expect(main.getByText(email)).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(SIDEBAR[accountType])
    await expectAccessible(page)

    // The avatar menu replaces Login and Signup.
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await banner.getByRole('button', { name: 'Account menu' }).click()
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    const other = accountType === 'Applicant' ? '/dashboard/my-jobs' : '/dashboard/my-applications'
    await page.goto(other)
    await expect(page.getByRole('heading', { level: 1, name: 'Lost and not found!' })).toBeVisible()
    await page.goto('/dashboard/my-profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()

    await logOutFromSidebar(page)
    await expectAccessible(page)
    await logIn(page, email, PASSWORD, accountType)
  })
}

test('a forgotten password is reset through the e-mailed link and the new one logs in', async ({ page }) => {
  const email = freshEmail('forgetful')
  await signUp(page, 'Applicant', email)
  await logOutFromSidebar(page)
  await page.goto('/login')

  await page.getByRole('link', { name: 'Forgot Password' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Reset Email Sent')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Check email' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend Email' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back To Login' })).toBeVisible()
  await expectAccessible(page)

  await page.goto(await resetLink(email))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose new password' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('New Password', { exact: true }).fill('second-secret-2')
  await page.getByLabel('Confirm New Password', { exact: true }).fill('second-secret-2')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password Reset Successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  // The reason stays beside the field after the toast has gone.
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Incorrect email or password')
  await expectAccessible(page)
  await logIn(page, email, 'second-secret-2')
})

test('the dashboard sends a logged-out visitor to /login, and /login sends a logged-in person to the dashboard', async ({ page }) => {
  await page.goto('/dashboard/my-profile')
  await expect(page).toHaveURL(/\/login\?next=\/dashboard\/my-profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await expectAccessible(page)

  const email = freshEmail('returning')
  await signUp(page, 'Recruiter', email)
  await page.goto('/login')
  await expectHome(page, 'Recruiter')
  await expectAccessible(page)
})

test('a password changed in Settings is the one that logs in next time', async ({ page }) => {
  const email = freshEmail('changer')
  await signUp(page, 'Applicant', email)

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Please enter your Current Password.')).toBeVisible()
  await expect(page.getByText('Please enter your New Password.')).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel('Current Password', { exact: true }).fill('not-my-password')
  await page.getByLabel('New Password', { exact: true }).fill('third-secret-3')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('The password is incorrect')).toBeVisible()

  await page.getByLabel('Current Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Password Changed Successfully')).toBeVisible()

  await logOutFromSidebar(page)
  await logIn(page, email, 'third-secret-3')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('one menu button on the dashboard: the hamburger menu offers the dashboard pages and the site links', async ({ page }) => {
    const email = freshEmail('phone')
    await signUp(page, 'Recruiter', email)

    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const dashboardMenu = page.getByRole('navigation', { name: 'Mobile' }).getByRole('list', { name: 'Dashboard' })
    await expect(dashboardMenu.getByRole('link')).toHaveText(SIDEBAR.Recruiter)
    await expectAccessible(page)
    await dashboardMenu.getByRole('link', { name: 'Add Job' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
    // The new page's heading has the focus.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Job' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link')).toHaveText(['Home', 'About Us', 'Jobs', ...SIDEBAR.Recruiter])
    await expectAccessible(page)
    await menu.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByText('Logged Out')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })
})

test('signup keeps the person on track: a short password is refused in the form, a wrong code stays on /verify-email with the reason, a reload keeps the signup, and a new code works', async ({ page }) => {
  const email = freshEmail('careful')
  await page.goto('/signup')
  await page.getByLabel('First Name', { exact: true }).fill('Ann')
  await page.getByLabel('Last Name', { exact: true }).fill('Lee')
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  const password = page.getByLabel('Create Password', { exact: true })
  await expect(password).toHaveAccessibleDescription('8 to 128 characters')
  await password.fill('short')
  await page.getByLabel('Confirm Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(password).toHaveAccessibleDescription('8 to 128 characters Password must be 8 to 128 characters long')
  await expect(page).toHaveURL(/\/signup$/)
  await expectAccessible(page)

  await password.fill(PASSWORD)
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
  const first = await signupCode(email)
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused()

  // A phone switching to its mail app reloads the page: the signup is still there.
  await page.reload()
  await expect(
    page.getByText(
      `We sent a 6-digit code to ${email}. If this address already has an account, the e-mail tells you so instead: log in, or reset your password.`,
    ),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/forgot-password')
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused()
  await expectAccessible(page)
  const wrong = first === '000000' ? '111111' : '000000'
  await page.keyboard.type(wrong)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  const reason = page.getByRole('alert').filter({ hasText: /code|OTP/i })
  await expect(reason).toBeVisible()
  await expect(page).toHaveURL(/\/verify-email$/)
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused()
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('')
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Send a new code' }).click()
  await expect(page.getByText('OTP Sent Successfully')).toBeVisible()
  // The new code is mailed through the outbox after the answer: wait for it to arrive.
  await expect.poll(() => signupCode(email)).not.toBe(first)
  const second = await signupCode(email)
  await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.type(second)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.getByText('Signup Successful')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
})

test('a session ended elsewhere: a dashboard page leads to /login and back after login; a shared job link just shows the job to a guest', async ({ page, request }) => {
  const recruiter = await signUpByApi(request, 'Recruiter', 'expiry', PASSWORD)
  const job = await postJob(request, recruiter.token, { title: 'Session Tester', company: 'Acme', location: 'Pune', jobType: 'Full-time', categoryName: (await (await request.get('/api/v1/jobs/showAllCategories')).json()).categories[0]._id })
  const email = freshEmail('expiring')
  await signUp(page, 'Applicant', email)
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  // The token is revoked (a logout on another device), then the person comes back to the page.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect((await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)
  await page.reload()
  await expect(page).toHaveURL(/\/login\?next=\/dashboard\/settings$/)
  await expect(page.getByText('Your session has expired, please log in again')).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  const again = await page.evaluate(() => localStorage.getItem('token'))
  expect((await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${again}` } })).status()).toBe(200)
  await page.goto(`/job/${job._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Session Tester' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toBeVisible()
  await expect(page.getByText('Your session has expired, please log in again')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/job/${job._id}$`))
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await expectAccessible(page)

  // "Log in to apply" comes back to the job.
  await page.getByRole('link', { name: 'Log in to apply' }).click()
  await expect(page).toHaveURL(new RegExp(`/login\\?next=(%2F|/)job(%2F|/)${job._id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/job/${job._id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Session Tester' })).toBeVisible()
  await expectAccessible(page)
})
