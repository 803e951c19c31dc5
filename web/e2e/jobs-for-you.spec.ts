import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { categoryIds, deleteJob, ok, pageAs, postJob, signUp, type Posted, type Session } from './seed'

/**
 * Jobs for you: an applicant whose profile lists three skills finds the open jobs that match them,
 * best first and each saying why, on the dashboard (desktop) and the landing page (phone); a job
 * they applied to leaves the list.
 */

const PASSWORD = 'for-you-secret-1'
const id = Date.now().toString(36)
const skills = [`alder${id}`, `birch${id}`, `cedar${id}`]
let api: APIRequestContext
let recruiter: Session
let applicant: Session
const posted: Posted[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  recruiter = await signUp(api, 'Recruiter', 'for-you', PASSWORD)
  applicant = await signUp(api, 'Applicant', 'for-you', PASSWORD)
  await ok(
    await api.post('/api/v1/auth/updateUserDetails', {
      headers: { Authorization: `Bearer ${applicant.token}` },
      data: { firstName: 'Fay', lastName: 'Yu', skills: skills.join(', ') },
    }),
  )
  const { Engineering } = await categoryIds(api)
  const job = (title: string, skillsets: string[]) =>
    postJob(api, recruiter.token, { title, company: 'Grove Ltd', location: 'Shimla', jobType: 'Full-time', categoryName: Engineering, skillsets })
  posted.push(await job('Forester', [skills[0]]))
  posted.push(await job('Head Forester', [skills[0], skills[1], skills[2]]))
  posted.push(await job('Gardener', [skills[1]]))
  posted.push(await job('Baker', ['baking']))
})

test.afterAll(async () => {
  for (const job of posted) await deleteJob(api, recruiter.token, job)
  await api.dispose()
})

test('the jobs that match the skills come first, each saying why; one applied to leaves the list', async ({ browser }) => {
  test.setTimeout(60_000)
  const desk = await pageAs(browser, applicant)
  await desk.goto('/dashboard/jobs-for-you')
  const list = desk.getByRole('list', { name: 'Jobs for You' })
  await expect(list.getByRole('article').first().getByRole('heading')).toHaveText('Head Forester')
  const titles = await list.getByRole('article').getByRole('heading').allInnerTexts()
  expect(titles.slice(0, 3)).toEqual(['Head Forester', expect.any(String), expect.any(String)])
  expect(titles).not.toContain('Baker')
  await expect(list.getByRole('article').first().getByText(`Matches 3 of your 3 skills: ${skills.join(', ')}`)).toBeVisible()
  await expectAccessible(desk)

  await ok(await api.post(`/api/v1/jobs/apply/${posted[1]._id}`, { headers: { Authorization: `Bearer ${applicant.token}` }, data: { sop: 'I know these woods well.' } }), 201)
  const phone = await pageAs(browser, applicant, { width: 390, height: 844 })
  await phone.goto('/')
  const section = phone.getByRole('region', { name: 'Jobs for you' })
  await expect(section.getByRole('article')).toHaveCount(2)
  await expect(section.getByRole('heading', { name: 'Head Forester' })).toHaveCount(0)
  await expect(section.getByText(`Matches 1 of your 3 skills: ${skills[0]}`)).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(phone)
})
