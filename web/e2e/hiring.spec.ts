import type { Locator } from '@playwright/test'
import { expectAccessible } from './axe'
import { inviteIn } from './calendar'
import { expect, test } from './csp'
import { bell, column, DEVICES, moveByKeyboard } from './board'
import { waitForMail } from './mail'
import { categoryIds, deleteJob, ok, pageAs, postJob, signUp, type Session } from './seed'

/**
 * The hiring workflow after the application, on a desktop and on a phone: a recruiter takes one
 * application from Applied to Hired on the board, moving the card by mouse (drag and drop, from
 * Applied to Screening and from Interview to Offer) and by
 * keyboard ("Move…", from Screening to Interview and from Offer to Hired); proposes an interview, which the applicant books from the e-mail's link, and
 * both receive an invitation whose calendar file ical.js reads; the two write to each other; and
 * each one's notification bell counts up while their page stays open, without a reload. Every new
 * screen is checked with axe. The job is deleted at the end: other journeys expect an empty board.
 * `make test-e2e` runs it on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set.
 */

const PASSWORD = 'hiring-journey-secret-1'

type Person = Session & { user: { email: string; _id: string } }


/** The messages of an open conversation. */
const messages = (dialog: Locator) => dialog.getByRole('list', { name: 'Messages, oldest first' })



/** Drags the card by its name (not by one of its buttons) onto a column, as a mouse does. */
/**
 * Drags `card` by its name onto `target`, the target first brought into view: a page that scrolls
 * in the middle of a drag (to reach a column below a phone's screen) drops nowhere.
 */
const dragByName = async (card: Locator, target: Locator) => {
  await target.scrollIntoViewIfNeeded()
  await card.dragTo(target, { sourcePosition: { x: 24, y: 16 } })
}

/** A datetime-local value `days` from now at 10:00, the browser's local time. */
function localMorning(days: number): { input: string; at: Date } {
  const at = new Date()
  at.setDate(at.getDate() + days)
  at.setHours(10, 0, 0, 0)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { input: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T10:00`, at }
}

for (const device of DEVICES) {
  test(`on a ${device.name}, a recruiter hires through the board, an interview booked from its e-mail, messages both ways and the bell live`, async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(240_000)
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const recruiter = (await signUp(api, 'Recruiter', `hiring-${device.name}`, PASSWORD)) as Person
    const applicant = (await signUp(api, 'Applicant', `hiring-${device.name}`, PASSWORD)) as Person
    const title = `Platform Engineer ${device.name} ${Date.now().toString(36)}`
    const job = await postJob(api, recruiter.token, {
      title,
      company: 'Acme Hiring',
      location: 'Pune',
      jobType: 'Full-time',
      categoryName: (await categoryIds(api))['Engineering'],
    })
    const applied = await ok<{ application: { _id: string } }>(
      await api.post(`/api/v1/jobs/apply/${job._id}`, {
        headers: { Authorization: `Bearer ${applicant.token}` },
        data: { sop: 'I have run platforms like yours for years.' },
      }),
      201,
    )
    const applicationId = applied.application._id

    const recruiterPage = await pageAs(browser, recruiter, device.viewport)
    const applicantPage = await pageAs(browser, applicant, device.viewport)
    await applicantPage.goto('/dashboard/my-applications')
    const myCard = applicantPage.getByRole('article').filter({ hasText: title })
    await expect(myCard.getByText('Applied', { exact: true }).first()).toBeVisible()
    await expect(bell(applicantPage)).toHaveAccessibleName('Notifications')
    await expectAccessible(applicantPage)

    // The board: Applied to Screening by mouse.
    await recruiterPage.goto(`/dashboard/job/applications/${job._id}`)
    const card = recruiterPage.getByRole('article', { name: 'Jo Bs' })
    await expect(column(recruiterPage, 'Applied').getByRole('article')).toHaveCount(1)
    // The board is the screen's first thing, the overview after it: on a 1366x768 desktop every
    // column's heading is in the first screen, none off to the side, and on a phone the first column starts in it.
    const firstScreen = device.name === 'desktop' ? { width: 1366, height: 768 } : device.viewport
    await recruiterPage.setViewportSize(firstScreen)
    const overview = recruiterPage.getByRole('region', { name: 'Overview' })
    await expect(overview).toBeVisible()
    const stages = device.name === 'desktop' ? ['Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected', 'Withdrawn'] : ['Applied']
    for (const stage of stages) {
      const heading = (await column(recruiterPage, stage).getByRole('heading', { level: 2 }).boundingBox())!
      expect(heading.y + heading.height).toBeLessThanOrEqual(firstScreen.height)
    }
    const board = (await column(recruiterPage, 'Applied').boundingBox())!
    expect((await overview.boundingBox())!.y).toBeGreaterThan(board.y)
    if (device.name === 'desktop') {
      // All seven columns side by side in the page's width: nothing is hidden to the side.
      expect(await column(recruiterPage, 'Applied').locator('..').evaluate((row) => row.scrollWidth - row.clientWidth)).toBe(0)
      for (const stage of stages) {
        const box = (await column(recruiterPage, stage).boundingBox())!
        expect(box.x + box.width).toBeLessThanOrEqual(firstScreen.width)
      }
    }
    await recruiterPage.setViewportSize(device.viewport)
    await expectAccessible(recruiterPage)
    await dragByName(card, column(recruiterPage, 'Screening'))
    await expect(column(recruiterPage, 'Screening').getByRole('article')).toHaveCount(1)
    await expect(column(recruiterPage, 'Applied').getByRole('article')).toHaveCount(0)
    // The applicant's page, never reloaded, hears of it: the bell counts it, the card says it.
    await expect(bell(applicantPage)).toHaveAccessibleName('Notifications, 1 unread')

    // Screening to Interview by keyboard.
    await moveByKeyboard(recruiterPage, card, 'Interview')
    await expect(bell(applicantPage)).toHaveAccessibleName('Notifications, 2 unread')
    await applicantPage.goto('/dashboard/my-applications')
    await expect(myCard.getByText('Interview stage', { exact: true })).toBeVisible()

    // The recruiter proposes two times from the card's details.
    await card.getByRole('button', { name: 'Details of Jo Bs' }).click()
    const details = recruiterPage.getByRole('dialog')
    // What the applicant sent, as the list view shows it.
    await expect(details.getByRole('heading', { level: 3, name: 'Statement of Purpose' })).toBeVisible()
    await expect(details).toContainText('I have run platforms like yours for years.')
    await expect(details).toContainText('No resume uploaded')
    await expectAccessible(recruiterPage)
    await details.getByRole('link', { name: 'Interviews with Jo Bs' }).click()
    await expect(recruiterPage).toHaveURL(new RegExp(`/dashboard/applications/${applicationId}/interviews$`))
    const first = localMorning(2)
    const second = localMorning(3)
    await recruiterPage.getByLabel('First time', { exact: true }).fill(first.input)
    await recruiterPage.getByRole('button', { name: 'Add another time' }).click()
    await recruiterPage.getByLabel('Second time', { exact: true }).fill(second.input)
    await recruiterPage.getByLabel('Duration (minutes)').fill('45')
    await recruiterPage.getByLabel('Place or video link').fill('https://meet.example.com/acme-hiring')
    await expectAccessible(recruiterPage)
    await recruiterPage.getByRole('button', { name: 'Propose interview' }).click()
    await expect(recruiterPage.getByText('Interview proposed').first()).toBeVisible()

    // The applicant books the second time from the e-mail's link.
    const proposal = (await waitForMail(applicant.user.email, 'Pick a time for your interview')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const link = /http:\/\/127\.0\.0\.1:\d+\/dashboard\/interviews\/[0-9a-f]{32}\?slot=1/.exec(proposal)?.[0]
    expect(link, proposal).toBeTruthy()
    await applicantPage.goto(link!)
    await expect(applicantPage.getByRole('radio').nth(1)).toBeChecked()
    await expectAccessible(applicantPage)
    await applicantPage.getByRole('button', { name: 'Book this time' }).click()
    await expect(applicantPage.getByText('Interview booked').first()).toBeVisible()
    // "Add to Google Calendar" carries the booked time in UTC, for its 45 minutes.
    const stamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
    const google = applicantPage.getByRole('region', { name: 'Add to calendar' }).getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' })
    await expect(google).toHaveAttribute('href', new RegExp(`^https://calendar\\.google\\.com/calendar/render\\?action=TEMPLATE&text=.+&dates=${stamp(second.at)}/${stamp(new Date(second.at.getTime() + 45 * 60 * 1000))}&`))
    await expect(google).toHaveAttribute('target', '_blank')

    // Both invitations carry one event, read by a real calendar library.
    const uids = new Set<string>()
    for (const person of [applicant, recruiter]) {
      const invite = inviteIn(await waitForMail(person.user.email, 'Interview booked'))
      expect(invite.contentMethod).toBe('REQUEST')
      expect(invite.method).toBe('REQUEST')
      expect(invite.uid).toMatch(/^interview-[0-9a-f]{32}@127\.0\.0\.1$/)
      expect(invite.sequence).toBe(0)
      expect(invite.start.getTime()).toBe(second.at.getTime())
      expect(invite.end.getTime() - invite.start.getTime()).toBe(45 * 60 * 1000)
      expect(invite.summary).toBe(`Interview: ${title} at Acme Hiring`)
      expect(invite.location).toBe('https://meet.example.com/acme-hiring')
      uids.add(invite.uid)
    }
    expect(uids.size).toBe(1)

    // Messages both ways; each side's bell hears the other's without a reload.
    await applicantPage.goto('/dashboard/my-applications')
    await recruiterPage.goto(`/dashboard/job/applications/${job._id}`)
    const recruiterUnread = await bell(recruiterPage).getAttribute('aria-label')
    await myCard.getByRole('button', { name: `Messages about ${title}` }).click()
    const conversation = applicantPage.getByRole('dialog')
    await conversation.getByLabel('Your message').fill('Should I bring <b>anything</b>?')
    await expectAccessible(applicantPage)
    await conversation.getByRole('button', { name: 'Send' }).click()
    await expect(messages(conversation).getByText('Should I bring <b>anything</b>?')).toBeVisible()
    await expect(bell(recruiterPage)).not.toHaveAccessibleName(recruiterUnread ?? '')
    await bell(recruiterPage).click()
    await expectAccessible(recruiterPage)
    await recruiterPage.getByRole('link', { name: /New message from Jo Bs/ }).first().click()
    const reply = recruiterPage.getByRole('dialog')
    await expect(messages(reply).getByText('Should I bring <b>anything</b>?')).toBeVisible()
    await reply.getByLabel('Your message').fill('Just yourself. See you then!')
    await reply.getByRole('button', { name: 'Send' }).click()
    // The applicant's open conversation shows the reply as it arrives.
    await expect(messages(conversation).getByText('Just yourself. See you then!')).toBeVisible()
    await reply.getByRole('button', { name: /Close/ }).click()

    // Interview to Offer by mouse, Offer to Hired by keyboard (a hire asks first).
    await recruiterPage.goto(`/dashboard/job/applications/${job._id}`)
    await dragByName(card, column(recruiterPage, 'Offer'))
    await expect(column(recruiterPage, 'Offer').getByRole('article')).toHaveCount(1)
    await expect(card.getByRole('button', { name: /^Move / })).toBeEnabled()
    await card.getByRole('button', { name: /^Move / }).focus()
    await recruiterPage.keyboard.press('Enter')
    await card.getByRole('list', { name: /^Move .* to$/ }).getByRole('button', { name: 'Hired', exact: true }).focus()
    await recruiterPage.keyboard.press('Enter')
    const confirm = recruiterPage.getByRole('dialog', { name: 'Hire Jo Bs?' })
    await expect(confirm).toBeVisible()
    await expectAccessible(recruiterPage)
    await confirm.getByRole('button', { name: 'Hire', exact: true }).click()
    await expect(column(recruiterPage, 'Hired').getByRole('article')).toHaveCount(1)
    await expect(card.getByRole('button', { name: /^Move / })).toHaveCount(0)

    await conversation.getByRole('button', { name: /Close/ }).click()
    await applicantPage.goto('/dashboard/my-applications')
    await expect(myCard.getByText('Hired', { exact: true }).first()).toBeVisible()
    await expect(myCard.getByRole('button', { name: /Withdraw/ })).toHaveCount(0)
    await expectAccessible(applicantPage)

    // Messages switched off for e-mail in Settings: the bell still counts the next one.
    await applicantPage.goto('/dashboard/settings')
    const emails = applicantPage.getByRole('group', { name: 'Notification e-mails' })
    await emails.getByRole('checkbox', { name: 'New messages' }).uncheck()
    await expectAccessible(applicantPage)
    await applicantPage.getByRole('button', { name: 'Save notification settings' }).click()
    await expect(applicantPage.getByText('Settings saved').first()).toBeVisible()
    const before = await bell(applicantPage).getAttribute('aria-label')
    await ok(
      await api.post(`/api/v1/auth/applications/${applicationId}/messages`, {
        headers: { Authorization: `Bearer ${recruiter.token}` },
        data: { body: 'Welcome aboard!' },
      }),
      201,
    )
    await expect(bell(applicantPage)).not.toHaveAccessibleName(before ?? '')

    await deleteJob(api, recruiter.token, job)
  })
}
