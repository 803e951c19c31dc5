import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './csp'
import { bell, column, DEVICES, moveByKeyboard } from './board'
import { freshEmail, signupCode, waitForMail } from './mail'
import { categoryIds, deleteJob, ok, pageAs, postJob, signUp, type Session } from './seed'

/**
 * A company hires as a team, on a desktop and on a phone: its owner invites a recruiter and a hiring
 * manager from the Company screen, and each accepts from the e-mailed link (the recruiter signing up
 * from it as a guest); the owner puts the manager on a job's hiring team, and the manager works that
 * job and no other. The three each move the one application a stage on the board, the recruiter's
 * note "@Manu" reaches the manager's bell without a reload and his e-mail, and the card's history
 * names who made each move. The owner removes the recruiter, whose open page is logged out at once
 * and whose token is refused. A guest goes from the job to the company's page, and an applicant
 * follows the company there. Every new screen is checked with axe. The jobs are deleted at the end:
 * other journeys expect an empty board.
 */

const PASSWORD = 'team-hiring-secret-1'

type Person = Session & { user: { email: string; _id: string } }
type MyCompany = { company: { name: string; slug: string }; role: string }



/** The page's own content, not the header's or a toast's. */
const main = (page: Page) => page.getByRole('main')

/** The address is exactly `path` (with its query). */
const at = (path: string) => new RegExp(`^[^/]+//[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)


/** The value beside a history row's term ("Screening stage on") in an application's facts. */
const historyRow = (scope: Locator, term: string) => scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')

/** Names a recruiter as the company's people see them, with the profile a recruiter must give. */
async function rename(api: APIRequestContext, person: Session, firstName: string, lastName: string, company: string) {
  await ok(
    await api.post('/api/v1/auth/updateUserDetails', {
      headers: { Authorization: `Bearer ${person.token}` },
      data: { firstName, lastName, company, position: 'Hiring', contactNumber: '9876543210' },
    }),
  )
}

/** The `/invitations/{secret}` path of the newest invitation e-mailed to `to`. */
async function invitationPath(to: string, company: string): Promise<string> {
  const mail = (await waitForMail(to, `Join ${company} on jobportal`)).replace(/=\r?\n/g, '')
  const path = /\/invitations\/[0-9a-f]{64}/.exec(mail)?.[0]
  expect(path, mail).toBeTruthy()
  return path!
}

for (const device of DEVICES) {
  test(`on a ${device.name}, an owner builds a hiring team by invitation, the three work one application, a removed member is logged out, and an applicant follows the company`, async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(300_000)
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const stamp = Date.now().toString(36)
    const companyName = `Acme Team ${device.name} ${stamp}`
    const title = `Data Analyst ${device.name} ${stamp}`
    const otherTitle = `Office Manager ${device.name} ${stamp}`
    const auth = (person: Session) => ({ Authorization: `Bearer ${person.token}` })

    // The owner's company is named after the profile it was made from.
    const owner = (await signUp(api, 'Recruiter', `team-${device.name}-owner`, PASSWORD)) as Person
    await rename(api, owner, 'Olga', 'Owner', companyName)
    const mine = await ok<MyCompany>(await api.get('/api/v1/company', { headers: auth(owner) }))
    expect(mine.company.name).toBe(companyName)
    expect(mine.role).toBe('owner')
    const slug = mine.company.slug
    const manager = (await signUp(api, 'Recruiter', `team-${device.name}-manager`, PASSWORD)) as Person
    await rename(api, manager, 'Manu', 'Rao', companyName)
    const applicant = (await signUp(api, 'Applicant', `team-${device.name}`, PASSWORD)) as Person
    const recruiterEmail = freshEmail(`team-${device.name}-recruiter`)

    // The owner invites a recruiter and a hiring manager from the Company screen.
    const ownerPage = await pageAs(browser, owner, device.viewport)
    await ownerPage.goto('/dashboard/company')
    await expect(main(ownerPage).getByRole('heading', { level: 1, name: 'Company' })).toBeVisible()
    await expect(main(ownerPage).getByText('Your role:')).toHaveText('Your role: Owner')
    const members = (page: Page) => main(page).getByRole('list', { name: 'Members' }).getByRole('listitem')
    await expect(members(ownerPage)).toHaveCount(1)
    await expect(members(ownerPage).getByText('Olga Owner (you)', { exact: true })).toBeVisible()
    await expect(main(ownerPage).getByText('No invitations are waiting.', { exact: true })).toBeVisible()
    await expectAccessible(ownerPage)
    const inviteForm = main(ownerPage).getByRole('form', { name: 'Invite someone' })
    const pending = main(ownerPage).getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
    for (const [email, role] of [
      [recruiterEmail, 'Recruiter'],
      [manager.user.email, 'Hiring manager'],
    ] as const) {
      await inviteForm.getByLabel('E-mail', { exact: true }).fill(email)
      await inviteForm.getByLabel('Role', { exact: true }).selectOption({ label: role })
      await inviteForm.getByRole('button', { name: 'Invite', exact: true }).click()
      // The first one's toast may still show beside the second's.
      await expect(ownerPage.getByText('Invitation sent', { exact: true }).first()).toBeVisible()
      const row = pending.filter({ hasText: email })
      await expect(row.getByText(email, { exact: true })).toBeVisible()
      await expect(row.getByText(role, { exact: true })).toBeVisible()
      // The form is emptied for the next one.
      await expect(inviteForm.getByLabel('E-mail', { exact: true })).toHaveValue('')
    }
    await expect(pending).toHaveCount(2)
    await expectAccessible(ownerPage)

    // The recruiter opens her link as a guest, signs up from it, and accepts.
    const recruiterLink = await invitationPath(recruiterEmail, companyName)
    const recruiterPage = await (await browser.newContext({ viewport: device.viewport })).newPage()
    await recruiterPage.goto(recruiterLink)
    await expect(main(recruiterPage).getByRole('heading', { level: 1 })).toHaveText(`${companyName} invited you to join as a recruiter`)
    await expect(main(recruiterPage).getByText(`The invitation was sent to ${recruiterEmail} and works until`)).toBeVisible()
    await expect(main(recruiterPage).getByText('Log in with that address, or sign up as a recruiter with it, to accept.', { exact: true })).toBeVisible()
    await expect(main(recruiterPage).getByRole('link', { name: 'Log in to accept' })).toHaveAttribute('href', `/login?next=${recruiterLink}`)
    await expectAccessible(recruiterPage)
    await main(recruiterPage).getByRole('link', { name: 'Sign up to accept' }).click()
    await expect(recruiterPage).toHaveURL(at(`/signup?next=${recruiterLink}`))
    // An invitation's signup is a recruiter's.
    await expect(recruiterPage.getByRole('tab', { name: 'Recruiter' })).toHaveAttribute('aria-selected', 'true')
    await recruiterPage.getByLabel('First Name', { exact: true }).fill('Priya')
    await recruiterPage.getByLabel('Last Name', { exact: true }).fill('Shah')
    await recruiterPage.getByLabel('Email Address', { exact: true }).fill(recruiterEmail)
    await recruiterPage.getByLabel('Create Password', { exact: true }).fill(PASSWORD)
    await recruiterPage.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
    await recruiterPage.getByRole('button', { name: 'Create Account' }).click()
    await expect(recruiterPage).toHaveURL(at(`/verify-email?next=${recruiterLink}`))
    const code = await signupCode(recruiterEmail)
    await recruiterPage.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
    await recruiterPage.keyboard.type(code)
    await recruiterPage.getByRole('button', { name: 'Verify Email' }).click()
    await expect(recruiterPage.getByText('Signup Successful', { exact: true })).toBeVisible()
    // Logged in and back on the invitation, which she now accepts.
    await expect(recruiterPage).toHaveURL(at(recruiterLink))
    const accept = main(recruiterPage).getByRole('button', { name: 'Accept invitation' })
    await expect(accept).toBeVisible()
    await expectAccessible(recruiterPage)
    await accept.click()
    await expect(recruiterPage.getByText(`You joined ${companyName}`, { exact: true })).toBeVisible()
    await expect(recruiterPage).toHaveURL(at('/dashboard/company'))
    await expect(main(recruiterPage).getByText('Your role:')).toHaveText('Your role: Recruiter')
    const recruiter = (await ok<Person>(await api.post('/api/v1/auth/login', { data: { email: recruiterEmail, password: PASSWORD } }))) as Person

    // The manager, logged in already, accepts his.
    const managerLink = await invitationPath(manager.user.email, companyName)
    const managerPage = await pageAs(browser, manager, device.viewport)
    await managerPage.goto(managerLink)
    await expect(main(managerPage).getByRole('heading', { level: 1 })).toHaveText(`${companyName} invited you to join as a hiring manager`)
    await expectAccessible(managerPage)
    await main(managerPage).getByRole('button', { name: 'Accept invitation' }).click()
    await expect(managerPage.getByText(`You joined ${companyName}`, { exact: true })).toBeVisible()
    await expect(managerPage).toHaveURL(at('/dashboard/company'))
    await expect(main(managerPage).getByText('Your role:')).toHaveText('Your role: Hiring manager')
    await expect(main(managerPage).getByText("Only your company's owners can change roles and invite people.", { exact: true })).toBeVisible()

    // The owner's team: three, and nobody waiting.
    await ownerPage.reload()
    await expect(members(ownerPage)).toHaveCount(3)
    await expect(members(ownerPage).getByText('Priya Shah', { exact: true })).toBeVisible()
    await expect(members(ownerPage).getByText('Manu Rao', { exact: true })).toBeVisible()
    await expect(main(ownerPage).getByRole('combobox', { name: 'Role of Manu Rao' })).toHaveValue('hiringManager')
    await expect(main(ownerPage).getByText('No invitations are waiting.', { exact: true })).toBeVisible()

    // The recruiter's job, with the manager put on its team by the owner; the owner's other job without him.
    const category = (await categoryIds(api))['Engineering']
    const job = await postJob(api, recruiter.token, { title, company: companyName, location: 'Pune', jobType: 'Full-time', categoryName: category })
    const otherJob = await postJob(api, owner.token, { title: otherTitle, company: companyName, location: 'Pune', jobType: 'Full-time', categoryName: category })
    const board = `/dashboard/job/applications/${job._id}`
    await ownerPage.goto(board)
    await expect(main(ownerPage).getByText(`${title} at ${companyName}`, { exact: true })).toBeVisible()
    const team = main(ownerPage).getByRole('region', { name: 'Hiring team' })
    await expect(team.getByLabel('In charge').locator('option:checked')).toHaveText('Priya Shah')
    const onTeam = team.getByRole('group', { name: 'On the team' })
    await expect(onTeam.getByRole('checkbox')).toHaveCount(3)
    await expect(onTeam.getByRole('checkbox', { name: 'Manu Rao, Hiring manager' })).not.toBeChecked()
    await onTeam.getByRole('checkbox', { name: 'Manu Rao, Hiring manager' }).check()
    await expectAccessible(ownerPage)
    await team.getByRole('button', { name: 'Save team' }).click()
    await expect(ownerPage.getByText('Hiring team updated', { exact: true })).toBeVisible()
    await ownerPage.reload()
    await expect(onTeam.getByRole('checkbox', { name: 'Manu Rao, Hiring manager' })).toBeChecked()

    // One applicant applies to both jobs: the manager is told of the one he works only.
    for (const applied of [job, otherJob]) {
      await ok(await api.post(`/api/v1/jobs/apply/${applied._id}`, { headers: auth(applicant), data: { sop: 'I read data for a living.' } }), 201)
    }
    await expect(bell(managerPage)).toHaveAccessibleName('Notifications, 1 unread')

    // The manager works his job and no other.
    await managerPage.goto(`/dashboard/job/applications/${otherJob._id}`)
    await expect(main(managerPage).getByText('Failed to fetch applications.', { exact: true })).toBeVisible()
    await expect(main(managerPage).getByRole('article')).toHaveCount(0)
    await managerPage.goto('/dashboard/applications')
    await expect(main(managerPage).getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
    const managerCards = main(managerPage).getByRole('list', { name: 'Applications' }).getByRole('listitem')
    await expect(managerCards).toHaveCount(1)
    await expect(managerCards.getByRole('heading', { level: 2 })).toHaveText(title)
    await expect(main(managerPage).getByText(otherTitle)).toHaveCount(0)
    await expectAccessible(managerPage)
    await main(managerPage).getByRole('link', { name: 'Assigned to me' }).click()
    await expect(managerPage).toHaveURL(at('/dashboard/applications?view=assigned'))
    await expect(main(managerPage).getByRole('link', { name: 'Assigned to me' })).toHaveAttribute('aria-current', 'page')
    await expect(managerCards).toHaveCount(1)
    await expect(managerCards.getByRole('heading', { level: 2 })).toHaveText(title)
    await managerPage.goto(board)
    await expect(main(managerPage).getByRole('region', { name: 'Hiring team' })).toContainText("Only owners and recruiters can change a job's team.")
    await expect(main(managerPage).getByRole('region', { name: 'Hiring team' }).getByText('Manu Rao (you)', { exact: true })).toBeVisible()

    // The recruiter moves the card, then tells the manager in a note.
    await recruiterPage.goto(board)
    const recruiterCard = recruiterPage.getByRole('article', { name: 'Jo Bs' })
    await expect(column(recruiterPage, 'Applied').getByRole('article')).toHaveCount(1)
    await moveByKeyboard(recruiterPage, recruiterCard, 'Screening')
    await recruiterCard.getByRole('button', { name: 'Details of Jo Bs' }).click()
    const recruiterDetails = recruiterPage.getByRole('dialog', { name: 'Jo Bs' })
    await expect(recruiterDetails).toContainText("Type @ and a teammate's name to tell them.")
    await recruiterDetails.getByLabel('New note').fill('@Manu please call her')
    await expectAccessible(recruiterPage)
    await recruiterDetails.getByRole('button', { name: 'Add note' }).click()
    await expect(recruiterPage.getByText('Note added', { exact: true })).toBeVisible()
    const note = recruiterDetails.getByRole('list', { name: 'Notes' }).getByRole('listitem')
    await expect(note).toHaveCount(1)
    await expect(note.getByText('@Manu please call her', { exact: true })).toBeVisible()
    await expect(note).toContainText('Priya Shah, ')

    // The manager's open page hears of it; so does his inbox.
    await expect(bell(managerPage)).toHaveAccessibleName('Notifications, 2 unread')
    await bell(managerPage).click()
    const mention = managerPage.getByRole('list', { name: 'Latest notifications' }).getByRole('link').first()
    await expect(mention.getByText("Priya Shah mentioned you in a note on Jo Bs's application", { exact: true })).toBeVisible()
    await expect(mention).toHaveAttribute('href', board)
    await expectAccessible(managerPage)
    await managerPage.keyboard.press('Escape')
    const mentionMail = (await waitForMail(manager.user.email, `Priya Shah mentioned you: ${title}`)).replace(/=\r?\n/g, '')
    expect(mentionMail).toContain('@Manu please call her')

    // The owner removes the recruiter: her open page is logged out, her token refused.
    await ownerPage.goto('/dashboard/company')
    await main(ownerPage).getByRole('button', { name: 'Remove Priya Shah' }).click()
    const confirm = ownerPage.getByRole('dialog', { name: 'Remove Priya Shah?' })
    await expect(confirm).toContainText(
      `Priya Shah will lose access to ${companyName} at once and be logged out; the jobs they are in charge of, with their applications, pass to you.`,
    )
    await expectAccessible(ownerPage)
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(ownerPage.getByText('Member removed', { exact: true })).toBeVisible()
    await expect(members(ownerPage)).toHaveCount(2)
    await expect(members(ownerPage).getByText('Priya Shah', { exact: true })).toHaveCount(0)
    await expect(recruiterPage).toHaveURL(at(`/login?next=${board}`))
    await expect(recruiterPage.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    await expect(recruiterPage.getByText('Your session has expired, please log in again', { exact: true })).toBeVisible()
    const refused = await api.get('/api/v1/company', { headers: auth(recruiter) })
    expect(refused.status()).toBe(401)

    // The manager and the owner each move the card on.
    await managerPage.goto(board)
    await moveByKeyboard(managerPage, managerPage.getByRole('article', { name: 'Jo Bs' }), 'Interview')
    await ownerPage.goto(board)
    const ownerCard = ownerPage.getByRole('article', { name: 'Jo Bs' })
    await expect(column(ownerPage, 'Interview').getByRole('article')).toHaveCount(1)
    await moveByKeyboard(ownerPage, ownerCard, 'Offer')
    // The job she was in charge of passed to the owner who removed her.
    await expect(main(ownerPage).getByRole('region', { name: 'Hiring team' }).getByLabel('In charge').locator('option:checked')).toHaveText('Olga Owner (you)')

    // The card's history names each mover, the removed recruiter too; her note stays.
    await ownerCard.getByRole('button', { name: 'Details of Jo Bs' }).click()
    const details = ownerPage.getByRole('dialog', { name: 'Jo Bs' })
    // The applicant's own step names nobody.
    await expect(historyRow(details, 'Applied on')).toHaveText(/^[^·]+$/)
    await expect(historyRow(details, 'Screening stage on')).toHaveText(/ · , by Priya Shah$/)
    await expect(historyRow(details, 'Interview stage on')).toHaveText(/ · , by Manu Rao$/)
    await expect(historyRow(details, 'Offer stage on')).toHaveText(/ · , by Olga Owner$/)
    await expect(details.getByRole('list', { name: 'Notes' }).getByText('@Manu please call her', { exact: true })).toBeVisible()
    await expectAccessible(ownerPage)
    await details.getByRole('button', { name: 'Close', exact: true }).click()

    // A guest goes from the job to its company's page, where following asks for a login.
    const guestPage = await (await browser.newContext({ viewport: device.viewport })).newPage()
    await guestPage.goto(`/job/${job._id}`)
    await expect(main(guestPage).getByRole('heading', { level: 1, name: title })).toBeVisible()
    await main(guestPage).getByRole('link', { name: companyName, exact: true }).click()
    await expect(guestPage).toHaveURL(at(`/company/${slug}`))
    await expect(main(guestPage).getByRole('heading', { level: 1 })).toHaveText(companyName)
    await expect(main(guestPage).getByRole('link', { name: `Log in to follow ${companyName}` })).toHaveAttribute('href', `/login?next=/company/${slug}`)
    await expectAccessible(guestPage)

    // An applicant follows the company from its page.
    const applicantPage = await pageAs(browser, applicant, device.viewport)
    await applicantPage.goto(`/company/${slug}`)
    const follow = main(applicantPage).getByRole('button', { name: `Follow ${companyName}` })
    await expect(follow).toHaveAttribute('aria-pressed', 'false')
    await expect(main(applicantPage).getByRole('link', { name: `Log in to follow ${companyName}` })).toHaveCount(0)
    await expectAccessible(applicantPage)
    await follow.click()
    const following = main(applicantPage).getByRole('button', { name: `Following ${companyName}` })
    await expect(following).toHaveAttribute('aria-pressed', 'true')
    await expect(applicantPage.getByText(`You will get ${companyName}'s new jobs by e-mail`, { exact: true })).toBeVisible()
    await expectAccessible(applicantPage)

    for (const posted of [job, otherJob]) await deleteJob(api, owner.token, posted)
  })
}
