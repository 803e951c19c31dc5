import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect } from './csp'
import { utcDateDaysFromNow } from './dates'
import { freshEmail, signupCode } from './mail'

/**
 * Seeding through the real API: a journey that is not about posting a job does not go through the
 * Add Job form; a recruiter made through the real signup calls posts its jobs directly.
 */

export type Posted = { _id: string; title: string }
export type Session = { token: string; user: { accountType: string } }

export type JobFields = {
  title: string
  company: string
  location: string
  jobType: 'Full-time' | 'Part-time' | 'Internship'
  /** A category `_id`. */
  categoryName: string
  salary?: number
  maxApplicants?: number
  skillsets?: string[]
  dateOfPosting?: string
  deadline?: string
}

/** A seeded job's posting date unless told otherwise: today, as the API reads a date (UTC). */
export const POSTED_TODAY = utcDateDaysFromNow(0)
/** A seeded job's deadline unless told otherwise: a year from today. */
export const OPEN_UNTIL = utcDateDaysFromNow(365)

/** The response's JSON, after checking its status (the body is in the message when it is not). */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  const body = await response.text()
  expect(response.status(), `${response.url()} answered ${body}`).toBe(status)
  return JSON.parse(body) as T
}

/** Signs up through the real calls (code read from the server's outbox) and logs in. */
export async function signUp(api: APIRequestContext, accountType: 'Applicant' | 'Recruiter', label: string, password: string): Promise<Session> {
  const email = freshEmail(`${label}-${accountType.toLowerCase()}`)
  await ok(await api.post('/api/v1/auth/sendotp', { data: { email } }))
  const otp = await signupCode(email)
  await ok(
    await api.post('/api/v1/auth/signup', {
      data: { accountType, firstName: 'Jo', lastName: 'Bs', email, password, confirmPassword: password, otp },
    }),
  )
  return ok<Session>(await api.post('/api/v1/auth/login', { data: { email, password } }))
}

/** The server binary the runner starts (as playwright.config.ts finds it), whose `create-admin` makes Admins. */
const serverBinary = () => process.env.JOBPORTAL_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/target/debug/jobportal')

/**
 * Makes an Admin with the server's `create-admin` command, on the database of the journeys' server
 * (the same environment and DATA_DIR the runner gives it), and logs in. Signup never makes one.
 */
export async function createAdmin(api: APIRequestContext, label: string, password: string): Promise<Session & { user: { email: string } }> {
  const email = freshEmail(`${label}-admin`)
  execFileSync(serverBinary(), ['create-admin', '--email', email, '--first-name', 'Ada', '--last-name', 'Min'], {
    env: { ...process.env, DATA_DIR: process.env.JOBPORTAL_E2E_DATA_DIR, ADMIN_PASSWORD: password },
    stdio: 'pipe',
  })
  return ok<Session & { user: { email: string } }>(await api.post('/api/v1/auth/login', { data: { email, password } }))
}

/** The seeded categories' `_id`s by name. */
export async function categoryIds(api: APIRequestContext): Promise<Record<string, string>> {
  const { categories } = await ok<{ categories: { _id: string; name: string }[] }>(await api.get('/api/v1/jobs/showAllCategories'))
  return Object.fromEntries(categories.map((category) => [category.name, category._id]))
}

/** Posts a job as the recruiter whose token is given: posted today and open for a year (`POSTED_TODAY`, `OPEN_UNTIL`), unless told otherwise. */
export async function postJob(api: APIRequestContext, token: string, fields: JobFields): Promise<Posted> {
  const { data } = await ok<{ data: Posted }>(
    await api.post('/api/v1/jobs/createJob', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        description: `Join ${fields.company} as ${fields.title}.`,
        maxApplicants: 10,
        maxPositions: 2,
        dateOfPosting: POSTED_TODAY,
        deadline: OPEN_UNTIL,
        skillsets: ['teamwork', 'english'],
        salary: 42000,
        ...fields,
      },
    }),
    201,
  )
  return data
}

export async function deleteJob(api: APIRequestContext, token: string, job: Posted) {
  await ok(await api.delete(`/api/v1/jobs/deleteJob/${job._id}`, { headers: { Authorization: `Bearer ${token}` } }))
}

/** The browser starts logged in as `session` (the token and user as login leaves them). */
export async function logInAs(page: Page, session: Session) {
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token)
    localStorage.setItem('user', JSON.stringify(user))
  }, session)
}

/** A page of a new browser context (a phone's with `viewport`), logged in as `session`. */
export async function pageAs(browser: Browser, session: Session, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage()
  await logInAs(page, session)
  return page
}
