import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { DEVICES, deletesTheirJobsAfterAll } from './board'
import { expect, test } from './csp'
import { dateInputDaysFromNow } from './dates'
import { freshEmail } from './mail'
import { signUpThroughForm } from './signup-form'

/**
 * Screening and applicant search (docs/rules.md#screening, #resume-text, #applicant-search), on a
 * desktop and on a phone: a recruiter signs up and posts a job on Add Job with three screening
 * questions (a required number wanting at least 3, a choice, a short text). Two applicants sign up;
 * Grace uploads a two-page PDF resume and My Profile follows its reading until it is done, offering
 * the skills it names. Both apply answering the questions, Ada meeting the requirement and Grace not.
 * The recruiter reads each application's answers and requirements met, narrows the list to those
 * meeting every requirement (Ada alone), then searches the applicants for a word found only on the
 * second page of Grace's resume: she alone is found, the word marked in her result. Every screen is
 * checked with axe. The jobs are deleted at the end: other journeys expect an empty board.
 */

const PASSWORD = 'screening-journey-secret-1'
const RESUME = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/tests/fixtures/resumes/reportlab.pdf')
/** Only on the resume's second page: nothing else in the journey says it. */
const RESUME_WORD = 'zymurgy'

type Person = { page: Page; name: string; token: string }

/** Tokens of the recruiters made here: whatever jobs they still have are deleted after the journeys, even failed ones. */
const recruiterTokens = deletesTheirJobsAfterAll()

/** Signs up through the real form and the e-mailed code; ends logged in, on the account's home. `check`: the two screens are checked with axe. */
async function signUp(
  browser: Browser,
  viewport: { width: number; height: number },
  accountType: 'Applicant' | 'Recruiter',
  [firstName, lastName]: [string, string],
  check = false,
): Promise<Person> {
  const page = await (await browser.newContext({ viewport })).newPage()
  const email = freshEmail(`screening-${accountType.toLowerCase()}`)
  const token = await signUpThroughForm(page, { accountType, firstName, lastName, email, password: PASSWORD, check })
  if (accountType === 'Recruiter') recruiterTokens.push(token)
  return { page, name: `${firstName} ${lastName}`, token }
}

/** The answer beside a question (or a fact) in an application's facts. */
const answerTo = (scope: Locator, question: string) => scope.locator('dt', { hasText: new RegExp(`^${question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]')

/** The requirements badge, whose words follow a mark that is hidden from screen readers (✓ or ◐). */
const badge = (scope: Locator, words: string) => scope.getByText(new RegExp(`^\\W?${words}$`))

/** The applicant applies on the job's page, answering the years of Rust and the notice period; `before`, on the open dialog first. */
async function apply(applicant: Person, jobPath: string, title: string, answers: { years: string; notice: string; project: string }, before?: (dialog: Locator) => Promise<void>) {
  const page = applicant.page
  await page.goto(jobPath)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('This job asks 3 questions, answered when you apply:', { exact: true })).toBeVisible()
  const asked = main.getByRole('heading', { level: 2, name: 'Screening questions' }).locator('xpath=following-sibling::ol[1]').getByRole('listitem')
  await expect(asked).toHaveText(['Years of Rust? (A number, required)', 'Notice period (One of: None, 30 days, 90 days)', 'Your best project (A short text)'])
  await expectAccessible(page)

  await main.getByRole('button', { name: 'Apply', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Apply for ${title}` })
  await expect(dialog.getByLabel('Statement of Purpose')).toBeFocused()
  await expect(dialog.getByText('This job asks 3 questions', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'This job asks 3 questions' }).getByRole('listitem')).toHaveCount(3)
  if (before) await before(dialog)
  await dialog.getByLabel('Years of Rust? (required)', { exact: true }).fill(answers.years)
  await dialog.getByRole('group', { name: 'Notice period', exact: true }).getByRole('radio', { name: answers.notice, exact: true }).check()
  await dialog.getByLabel('Your best project', { exact: true }).fill(answers.project)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Job Applied Successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Applied' })).toBeDisabled()
  await expectAccessible(page)
}

for (const device of DEVICES) {
  test(`on a ${device.name}, a job's screening questions are answered on applying, the recruiter sees who meets its requirement and filters on it, and finds an applicant by a word on her resume's second page`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const title = `Rust Engineer ${device.name} ${Date.now().toString(36)}`

    // The recruiter posts the job with its three questions through Add Job.
    const recruiter = await signUp(browser, device.viewport, 'Recruiter', ['Rhea', 'Rao'], true)
    const rp = recruiter.page
    await expectAccessible(rp)
    await rp.goto('/dashboard/add-job')
    await expect(rp.getByRole('heading', { level: 1, name: 'Add Job' })).toBeVisible()
    await expect(rp.getByLabel('Category').getByRole('option', { name: 'Engineering' })).toBeAttached()
    // The company comes filled in with the recruiter's; it is replaced.
    await expect(rp.getByLabel('Company Name')).not.toHaveValue('')
    await rp.getByLabel('Job Title').fill(title)
    await rp.getByLabel('Company Name').fill('Ferris Works')
    await rp.getByLabel('Job Description').fill('Build compilers in Rust with a small team.')
    await rp.getByLabel('Max Applicants').fill('10')
    await rp.getByLabel('Max Positions').fill('1')
    await rp.getByLabel('Application Deadline').fill(dateInputDaysFromNow(60))
    // The resume names both, so My Profile offers them to Grace.
    const skills = rp.getByLabel('Skillsets', { exact: true })
    for (const skill of ['Rust', 'Kubernetes']) {
      await skills.fill(skill)
      await skills.press('Enter')
    }
    await rp.getByLabel('Job Type').selectOption('Full-time')
    await rp.getByLabel('Salary (₹ per month)').fill('90000')
    await rp.getByLabel('Category').selectOption({ label: 'Engineering' })
    await rp.getByLabel('Location').fill('Bengaluru')

    const screening = rp.getByRole('region', { name: 'Screening questions' })
    const question = (number: number) => screening.getByRole('group', { name: `Question ${number}`, exact: true })
    const addQuestion = async (number: number, text: string, kind: string) => {
      await screening.getByRole('button', { name: 'Add a question' }).click()
      const field = question(number).getByLabel('Question', { exact: true })
      await expect(field).toBeFocused()
      await field.fill(text)
      await question(number).getByLabel('Answer type').selectOption({ label: kind })
    }
    await addQuestion(1, 'Years of Rust?', 'Number')
    await question(1).getByRole('checkbox', { name: 'Required' }).check()
    await question(1).getByRole('group', { name: 'Wanted answer (optional)' }).getByLabel('At least').fill('3')
    await addQuestion(2, 'Notice period', 'One of several choices')
    await question(2).getByLabel('Choice 1', { exact: true }).fill('None')
    await question(2).getByLabel('Choice 2', { exact: true }).fill('30 days')
    await question(2).getByRole('button', { name: 'Add a choice to question 2' }).click()
    await expect(question(2).getByLabel('Choice 3', { exact: true })).toBeFocused()
    await question(2).getByLabel('Choice 3', { exact: true }).fill('90 days')
    // The choices can be wanted; none is, so the question asks without a requirement.
    await expect(question(2).getByRole('group', { name: 'Wanted answers (optional)' }).getByRole('checkbox')).toHaveCount(3)
    await addQuestion(3, 'Your best project', 'Short text')
    await expect(question(3).getByText('A short text answer has no wanted answer.')).toBeVisible()
    await expect(screening.getByRole('group', { name: /^Question \d+$/ })).toHaveCount(3)
    await expectAccessible(rp)
    await rp.getByRole('button', { name: 'Add Job', exact: true }).click()
    await expect(rp.getByText('Job Added Successfully')).toBeVisible()
    await expect(rp).toHaveURL(/\/dashboard\/my-jobs$/)
    const applicationsLink = rp.getByRole('link', { name: `Applications for ${title}` })
    const applicationsPath = (await applicationsLink.getAttribute('href'))!
    const jobPath = `/job/${applicationsPath.split('/').pop()}`
    await expectAccessible(rp)

    // Grace uploads her resume from My Profile (its Edit, Settings' Resume), and comes back to it.
    const grace = await signUp(browser, device.viewport, 'Applicant', ['Grace', 'Hopper'])
    const gp = grace.page
    await expectAccessible(gp)
    await gp.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click()
    await expect(gp.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    const upload = gp.getByRole('region', { name: 'Resume' })
    await upload.getByLabel('Browse').setInputFiles(RESUME)
    await expect(upload.getByText('reportlab.pdf')).toBeVisible()
    await expectAccessible(gp)
    await upload.getByRole('button', { name: 'Upload' }).click()
    await expect(gp.getByText('Resume uploaded successfully')).toBeVisible()
    await expect(gp).toHaveURL(/\/dashboard\/my-profile$/)
    const details = gp.getByRole('region', { name: 'Applicant Details' })
    await expect(details.getByRole('link', { name: 'Download Resume' })).toBeVisible()
    // "Reading your resume…" while the server reads it; then nothing more to say: its words were found.
    await expect(details.getByRole('status')).toHaveText('', { timeout: 30_000 })
    const offer = details.getByRole('region', { name: 'Add to my skills?' })
    await expect(offer.getByRole('button', { name: 'Add Rust' })).toBeVisible()
    await expect(offer.getByRole('button', { name: 'Add Kubernetes' })).toBeVisible()
    await expectAccessible(gp)

    // Ada meets the requirement; the form first says, in the server's words, what it must have.
    const ada = await signUp(browser, device.viewport, 'Applicant', ['Ada', 'Lovelace'])
    await apply(ada, jobPath, title, { years: '5', notice: '30 days', project: 'The Analytical Engine notes' }, async (dialog) => {
      await dialog.getByRole('button', { name: 'Submit Application' }).click()
      const years = dialog.getByLabel('Years of Rust? (required)', { exact: true })
      await expect(years).toHaveAccessibleDescription('Question 1 (Years of Rust?) must be answered')
      await expect(years).toBeFocused()
      await expectAccessible(ada.page)
    })
    // Grace does not.
    await apply(grace, jobPath, title, { years: '2', notice: '90 days', project: 'The first compiler' })

    // The recruiter reads each application's answers and the requirements met.
    await rp.goto('/dashboard/my-jobs')
    await applicationsLink.click()
    await expect(rp.getByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
    const main = rp.getByRole('main')
    await main.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click()
    const listed = main.getByRole('list', { name: 'Applications' }).getByRole('article')
    await expect(listed).toHaveCount(2)
    const adaEntry = main.getByRole('article', { name: ada.name })
    const graceEntry = main.getByRole('article', { name: grace.name })
    await expect(badge(adaEntry, 'Meets the 1 requirement')).toBeVisible()
    await expect(answerTo(adaEntry, 'Years of Rust?')).toHaveText('5 (meets the requirement)')
    await expect(answerTo(adaEntry, 'Notice period')).toHaveText('30 days')
    await expect(answerTo(adaEntry, 'Your best project')).toHaveText('The Analytical Engine notes')
    await expect(badge(graceEntry, 'Meets 0 of 1 requirement')).toBeVisible()
    await expect(answerTo(graceEntry, 'Years of Rust?')).toHaveText('2 (does not meet the requirement)')
    await expect(answerTo(graceEntry, 'Notice period')).toHaveText('90 days')
    await expect(answerTo(graceEntry, 'Your best project')).toHaveText('The first compiler')
    await expect(graceEntry.getByRole('link', { name: `Resume of ${grace.name}` })).toBeVisible()
    await expectAccessible(rp)

    // Only those meeting every requirement: Ada; the filter is kept in the address.
    const filters = main.getByRole('group', { name: 'Filter applications' })
    await filters.getByRole('checkbox', { name: 'Meets all requirements' }).check()
    await expect(rp).toHaveURL(/[?&]meets=all(&|$)/)
    await expect(listed).toHaveCount(1)
    await expect(adaEntry).toBeVisible()
    await expect(graceEntry).toHaveCount(0)
    await expectAccessible(rp)
    await filters.getByRole('button', { name: 'Clear filters' }).click()
    await expect(filters.getByRole('checkbox', { name: 'Meets all requirements' })).not.toBeChecked()
    await expect(listed).toHaveCount(2)

    // The word on the second page of Grace's resume finds her alone, marked where it was found.
    await main.getByRole('searchbox', { name: 'Search applicants' }).fill(RESUME_WORD)
    await main.getByRole('search', { name: 'Search applicants' }).getByRole('button', { name: 'Search', exact: true }).click()
    const results = main.getByRole('region', { name: 'Search results' })
    await expect(results.getByRole('status')).toHaveText('1 applicant found')
    const found = results.getByRole('list', { name: 'Search results' }).getByRole('article')
    await expect(found).toHaveCount(1)
    await expect(found).toHaveAccessibleName(grace.name)
    await expect(badge(found, 'Meets 0 of 1 requirement')).toBeVisible()
    await expect(found.getByText('In the resume', { exact: true })).toBeVisible()
    const marked = found.locator('mark')
    await expect(marked).toHaveCount(1)
    await expect(marked).toHaveText(RESUME_WORD)
    await expect(marked.locator('xpath=..')).toContainText(`orienteering and ${RESUME_WORD}`)
    await expect(results.getByRole('article', { name: ada.name })).toHaveCount(0)
    await expectAccessible(rp)

    // The job goes: other journeys expect an empty board.
    await rp.goto('/dashboard/my-jobs')
    await rp.getByRole('button', { name: `Delete ${title}` }).click()
    const deleting = rp.getByRole('dialog', { name: 'Delete this job?' })
    await expect(deleting).toBeVisible()
    await expectAccessible(rp)
    await deleting.getByRole('button', { name: 'Delete' }).click()
    await expect(rp.getByText('Job Deleted')).toBeVisible()
  })
}
