import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { dateInputDaysFromNow } from './dates'
import { ok, pageAs, signUp, type Session } from './seed'

/**
 * A recruiter posts a job with a salary range and a work mode through the Add Job form (on a
 * desktop); an applicant on a phone sees how many jobs each work mode and posting date would give,
 * filters the jobs by that work mode and a minimum the range's top reaches, and reads both on the
 * card and the job's page.
 */

const PASSWORD = 'salary-mode-secret-1'
const word = `heron${Date.now().toString(36)}`
let api: APIRequestContext
let recruiter: Session
let applicant: Session

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'salary-mode', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'salary-mode', PASSWORD)
})

test.afterAll(async () => {
  const headers = { Authorization: `Bearer ${recruiter.token}` }
  const { data } = await ok<{ data: { _id: string }[] }>(await api.get('/api/v1/jobs/getAllJobs', { headers }))
  for (const job of data) await api.delete(`/api/v1/jobs/deleteJob/${job._id}`, { headers })
  await api.dispose()
})

test('a job posted with a salary range and Hybrid work is found by that mode and shown with both', async ({ browser }) => {
  test.setTimeout(60_000)
  const title = `Heron ${word} Planner`
  const desk = await pageAs(browser, recruiter)
  await desk.goto('/dashboard/add-job')
  await expect(desk.getByLabel('Category').getByRole('option', { name: 'Engineering' })).toBeAttached()
  await desk.getByLabel('Job Title').fill(title)
  await desk.getByLabel('Company Name').fill('Heron Works')
  await desk.getByLabel('Job Description').fill('Plan the routes.')
  await desk.getByLabel('Max Applicants').fill('5')
  await desk.getByLabel('Max Positions').fill('1')
  await desk.getByLabel('Date of Posting').fill(dateInputDaysFromNow(0))
  await desk.getByLabel('Application Deadline').fill(dateInputDaysFromNow(90))
  await desk.getByLabel('Skillsets', { exact: true }).fill('planning')
  await desk.getByLabel('Skillsets', { exact: true }).press('Enter')
  await desk.getByLabel('Job Type').selectOption('Full-time')
  await desk.getByLabel('Work Mode').selectOption('Hybrid')
  await desk.getByLabel('Salary (₹ per month)').fill('40000')
  await desk.getByLabel('Maximum Salary (₹ per month, optional)').fill('30000')
  await desk.getByLabel('Category').selectOption({ label: 'Engineering' })
  await desk.getByLabel('Location').fill('Bhopal')
  await desk.getByRole('button', { name: 'Add Job' }).click()
  await expect(desk.getByText('Maximum salary must be at least the salary')).toBeVisible()
  await expectAccessible(desk)
  await desk.getByLabel('Maximum Salary (₹ per month, optional)').fill('95000')
  await desk.getByRole('button', { name: 'Add Job' }).click()
  await expect(desk.getByText('Job Added Successfully')).toBeVisible()

  const phone = await pageAs(browser, applicant, { width: 390, height: 844 })
  await phone.goto(`/jobs?q=${word}`)
  await expect(phone.getByText('1 job found')).toBeVisible()
  // On a phone the filters wait in a sheet behind the Filters button.
  const sheet = phone.getByRole('dialog', { name: 'Filters' })
  await phone.getByRole('button', { name: 'Filters', exact: true }).click()
  // Each choice says how many jobs it would give: the one job is Hybrid, posted this week.
  await expect(sheet.getByRole('checkbox', { name: 'Hybrid (1)' })).toBeVisible()
  await expect(sheet.getByRole('checkbox', { name: 'Remote (0)' })).toBeVisible()
  await expect(sheet.getByRole('combobox', { name: 'Posted within' })).toContainText('Last 7 days (1)')
  await sheet.getByRole('checkbox', { name: /^Remote/ }).check()
  await expect(phone).toHaveURL(/workMode=Remote/)
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(phone.getByText('No jobs found for your search.')).toBeVisible()
  await phone.getByRole('button', { name: 'Filters (1)' }).click()
  // The work modes' counts leave out the work mode chosen: what choosing another would give.
  await expect(sheet.getByRole('checkbox', { name: 'Hybrid (1)' })).not.toBeChecked()
  await expect(sheet.getByRole('combobox', { name: 'Posted within' })).toContainText('Last 7 days (0)')
  await sheet.getByRole('checkbox', { name: /^Remote/ }).uncheck()
  await sheet.getByRole('checkbox', { name: /^Hybrid/ }).check()
  await sheet.getByLabel('Minimum salary (₹ per month)').fill('90000')
  await sheet.getByRole('button', { name: /^Show \d+ jobs?$/ }).click()
  await expect(sheet).toHaveCount(0)
  await expect(phone).toHaveURL(/workMode=Hybrid/)
  await expect(phone).toHaveURL(/salaryMin=90000/)
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('link', { name: title }) })
  await expect(card.getByText('₹40,000 – ₹95,000 per month')).toBeVisible()
  await expect(card.getByText('Hybrid', { exact: true })).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(phone)

  await card.getByRole('link', { name: title }).click()
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(phone.getByText('Work mode', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Hybrid')
  await expect(phone.getByText('₹40,000 – ₹95,000 per month')).toBeVisible()
  await expectAccessible(phone)
})
