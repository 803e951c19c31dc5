import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect } from './csp'
import { signupCode } from './mail'

type Signup = {
  accountType: 'Applicant' | 'Recruiter'
  firstName: string
  lastName: string
  email: string
  password: string
  /** Signup and Verify Email are checked with axe on the way. */
  check?: boolean
}

/**
 * Signs up on `page` through the real form and the e-mailed code. The signup's answer logs the new
 * account in: it ends on a recruiter's My Jobs or an applicant's My Profile. Returns the session's token.
 */
export async function signUpThroughForm(page: Page, { accountType, firstName, lastName, email, password, check = false }: Signup) {
  await page.goto('/signup')
  await page.getByRole('tab', { name: accountType }).click()
  await page.getByLabel('First Name', { exact: true }).fill(firstName)
  await page.getByLabel('Last Name', { exact: true }).fill(lastName)
  await page.getByLabel('Email Address', { exact: true }).fill(email)
  await page.getByLabel('Create Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password', { exact: true }).fill(password)
  if (check) await expectAccessible(page)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
  if (check) await expectAccessible(page)
  const code = await signupCode(email)
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  const home = accountType === 'Recruiter' ? { path: /\/dashboard\/my-jobs$/, heading: 'My Jobs' } : { path: /\/dashboard\/my-profile$/, heading: 'My Profile' }
  await expect(page).toHaveURL(home.path)
  await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible()
  return page.evaluate(() => localStorage.getItem('token')!)
}
