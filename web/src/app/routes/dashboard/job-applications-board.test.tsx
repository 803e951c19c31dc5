import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Application } from '@/features/applications/types'
import type { Notification } from '@/features/notifications/types'
import { application, applicationsOverview, job, movedTo, notification, recruiter } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { eventStream, http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

// Times of day read in the viewer's zone: these tests view from India.
beforeEach(() => {
  viewerIn('Asia/Kolkata')
})
afterEach(() => {
  vi.restoreAllMocks()
})

type Note = { _id: string; body: string; author: string; createdAt: string }

const BO = { firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' }
const CY = { firstName: 'Cy', lastName: 'Das', email: 'cy@example.com' }

/** The job's applications as the server keeps them: moves, ratings and notes change them, and every fetch is counted. */
function answer(applications: Application[], notes: Note[] = []) {
  let current = applications
  let stored = notes
  const counts = { list: 0, overview: 0 }
  const moves: unknown[] = []
  const ratings: unknown[] = []
  const added: unknown[] = []
  const put = (changed: Application) => {
    current = current.map((each) => (each._id === changed._id ? changed : each))
    return changed
  }
  server.use(
    http.get('/jobs/getJob/{jobId}', ({ response }) => response(200).json({ success: true, message: 'ok', data: job() })),
    http.get('/auth/jobs/applications/{jobId}', ({ response }) => {
      counts.list++
      return response(200).json({ success: true, message: 'Applications fetched successfully', applications: current })
    }),
    http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) => {
      counts.overview++
      return response(200).json({ success: true, message: 'Overview fetched successfully', data: applicationsOverview() })
    }),
    http.put('/auth/applications/{applicationId}/stage', async ({ request, params, response }) => {
      const body = (await request.json()) as { stage: Application['stage']; from: string; reason?: string }
      moves.push({ id: params.applicationId, ...body })
      const moved = movedTo(current.find((each) => each._id === params.applicationId)!, body.stage)
      const withReason = body.reason ? { ...moved, rejectionReason: body.reason } : moved
      return response(200).json({ success: true, message: `Application moved to ${moved.stageLabel}`, data: put(withReason) })
    }),
    http.put('/auth/applications/{applicationId}/rating', async ({ request, params, response }) => {
      const { rating } = (await request.json()) as { rating: number | null }
      ratings.push({ id: params.applicationId, rating })
      const rated = { ...current.find((each) => each._id === params.applicationId)!, rating }
      return response(200).json({ success: true, message: 'Rating saved', data: put(rated) })
    }),
    http.get('/auth/applications/{applicationId}/notes', ({ response }) =>
      response(200).json({ success: true, message: 'Notes fetched successfully', notes: stored }),
    ),
    http.post('/auth/applications/{applicationId}/notes', async ({ request, params, response }) => {
      const { body } = (await request.json()) as { body: string }
      added.push({ id: params.applicationId, body })
      const note = { _id: `n${stored.length + 1}`, body, author: 'Raj Rao', createdAt: '2026-03-08T11:30:00Z' }
      stored = [note, ...stored]
      const counted = current.find((each) => each._id === params.applicationId)!
      put({ ...counted, notesCount: (counted.notesCount ?? 0) + 1 })
      return response(201).json({ success: true, message: 'Note added', note })
    }),
  )
  return {
    counts,
    moves,
    ratings,
    added,
    move: (changed: Application) => put(changed),
    /** An application arriving on the server. */
    receive: (arrived: Application) => {
      current = [...current, arrived]
    },
  }
}

async function openBoard() {
  signIn(recruiter)
  const view = renderApp('/dashboard/job/applications/j1')
  expect(await screen.findByRole('heading', { level: 1, name: 'Applications for Selected Job' })).toBeVisible()
  await screen.findByRole('heading', { level: 2, name: /^Applied \(\d+\)$/ })
  return view
}

const column = (name: RegExp) => screen.getByRole('heading', { level: 2, name }).closest('section')!
const card = (name: string) => screen.getByRole('article', { name })
const inCard = (name: string) => within(card(name))

test('the board has a column per stage, its count in its heading, and a card per application with name, rating, notes and date applied', async () => {
  answer([
    application({ _id: 'a1', rating: 4, notesCount: 2 }),
    application({ _id: 'a2', stage: 'interview', userDetails: BO }),
    application({ _id: 'a3', stage: 'hired', userDetails: CY }),
  ])
  await openBoard()
  const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
  expect(headings).toEqual(expect.arrayContaining(['Applied (1)', 'Screening (0)', 'Interview (1)', 'Offer (0)', 'Hired (1)', 'Rejected (0)', 'Withdrawn (0)']))
  expect(within(column(/^Applied/)).getByRole('article', { name: 'Ann Lee' })).toBeVisible()
  expect(within(column(/^Interview/)).getByRole('article', { name: 'Bo Kim' })).toBeVisible()
  expect(within(column(/^Screening/)).getByText('No applications')).toBeVisible()

  const ann = inCard('Ann Lee')
  expect(ann.getByText('Rating').nextElementSibling).toHaveTextContent('4 of 5 stars')
  expect(ann.getByText('Notes').nextElementSibling).toHaveTextContent('2')
  expect(ann.getByText('Applied').nextElementSibling).toHaveTextContent('4 Mar 2026')
  expect(inCard('Bo Kim').getByText('Rating').nextElementSibling).toHaveTextContent('Not rated')
  expect(card('Ann Lee')).toHaveAttribute('draggable', 'true')
  expect(ann.getByRole('button', { name: 'Move Ann Lee' })).toBeVisible()

  // A hired application takes no further move: neither a Move button nor a drag.
  expect(card('Cy Das')).toHaveAttribute('draggable', 'false')
  expect(inCard('Cy Das').queryByRole('button', { name: /Move/ })).not.toBeInTheDocument()
  expect(inCard('Cy Das').getByRole('button', { name: 'Details of Cy Das' })).toBeVisible()
})

test("a long name cut short in a desktop's narrow column is still whole in the card's heading, which names the card and its buttons, and in its tooltip", async () => {
  const name = 'Maximiliana Alexandrina Venkataraghavan-Subramaniam'
  answer([application({ _id: 'a1', userDetails: { firstName: 'Maximiliana Alexandrina', lastName: 'Venkataraghavan-Subramaniam', email: 'max@example.com' } })])
  await openBoard()
  const heading = within(card(name)).getByRole('heading', { level: 3 })
  expect(heading).toHaveTextContent(name)
  expect(heading).toHaveAttribute('title', name)
  expect(inCard(name).getByRole('button', { name: `Move ${name}` })).toBeVisible()
  expect(inCard(name).getByRole('button', { name: `Details of ${name}` })).toBeVisible()
})

test('Board and List are toggle buttons; List shows the list of applications and is kept in the address', async () => {
  answer([application()])
  const { user, router } = await openBoard()
  const view = within(screen.getByRole('group', { name: 'View' }))
  expect(view.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true')
  await user.click(view.getByRole('button', { name: 'List' }))
  expect(view.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
  expect(view.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'false')
  expect(await screen.findByRole('list', { name: 'Applications' })).toBeVisible()
  expect(screen.getByRole('button', { name: 'Shortlist' })).toBeVisible()
  expect(router.state.location.search).toBe('?view=list')
  await user.click(view.getByRole('button', { name: 'Board' }))
  expect(await screen.findByRole('heading', { level: 2, name: 'Applied (1)' })).toBeVisible()
  expect(router.state.location.search).toBe('')
})

test('Move lists the stages a card may go to; choosing one sends the stage and where it was, toasts and announces the move, and keeps the focus on the card', async () => {
  const api = answer([application({ _id: 'a1' }), application({ _id: 'a2', stage: 'screening', userDetails: BO })])
  const { user } = await openBoard()
  const before = { ...api.counts }
  const move = inCard('Ann Lee').getByRole('button', { name: 'Move Ann Lee' })
  expect(move).toHaveAttribute('aria-expanded', 'false')
  await user.click(move)
  expect(move).toHaveAttribute('aria-expanded', 'true')
  const targets = within(screen.getByRole('list', { name: 'Move Ann Lee to' }))
  expect(targets.getAllByRole('button').map((button) => button.textContent)).toEqual(['Screening', 'Interview', 'Offer', 'Hired', 'Rejected'])
  // Escape closes the list, and the focus is back on Move.
  await user.keyboard('{Escape}')
  expect(move).toHaveAttribute('aria-expanded', 'false')
  expect(move).toHaveFocus()

  await user.click(move)
  await user.click(within(screen.getByRole('list', { name: 'Move Ann Lee to' })).getByRole('button', { name: 'Interview' }))
  expect(await screen.findByText('Application moved to Interview stage')).toBeInTheDocument()
  expect(api.moves).toEqual([{ id: 'a1', stage: 'interview', from: 'applied' }])
  await waitFor(() => expect(within(column(/^Interview/)).getByRole('article', { name: 'Ann Lee' })).toBeVisible())
  expect(screen.getByRole('heading', { level: 2, name: 'Applied (0)' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'Interview (1)' })).toBeVisible()
  expect(screen.getByText('Ann Lee moved to Interview stage.')).toHaveAttribute('aria-live', 'polite')
  await waitFor(() => expect(inCard('Ann Lee').getByRole('button', { name: 'Move Ann Lee' })).toHaveFocus())
  // The list and the overview are fetched again.
  await waitFor(() => expect(api.counts.list).toBeGreaterThan(before.list))
  await waitFor(() => expect(api.counts.overview).toBeGreaterThan(before.overview))
})

test('dragging a card onto another column moves it there, sending the stage it was shown at', async () => {
  const api = answer([application({ _id: 'a1', stage: 'screening' }), application({ _id: 'a2', stage: 'withdrawn', userDetails: BO })])
  await openBoard()
  fireEvent.dragStart(card('Ann Lee'))
  // Withdrawn is the applicant's to choose: it takes no drop (the column does not accept it).
  const withdrawn = column(/^Withdrawn/)
  expect(fireEvent.dragOver(withdrawn)).toBe(true)
  const offer = column(/^Offer/)
  expect(within(offer).getByText('Drop here to move to Offer')).toBeVisible()
  // The column accepts the drop: its dragover's default is prevented.
  expect(fireEvent.dragOver(offer)).toBe(false)
  fireEvent.drop(offer)
  fireEvent.dragEnd(card('Ann Lee'))
  expect(await screen.findByText('Application moved to Offer stage')).toBeInTheDocument()
  expect(api.moves).toEqual([{ id: 'a1', stage: 'offer', from: 'screening' }])
  await waitFor(() => expect(within(column(/^Offer/)).getByRole('article', { name: 'Ann Lee' })).toBeVisible())
  expect(screen.queryByText(/^Drop here/)).not.toBeInTheDocument()
})

test('a card moved elsewhere since it was loaded: the server\'s 409 message shows, and the board is fetched again and shows where it is', async () => {
  const ann = application({ _id: 'a1', stage: 'screening' })
  const api = answer([ann])
  const { user } = await openBoard()
  // Another tab moved it to Offer meanwhile.
  api.move(movedTo(ann, 'offer'))
  const before = api.counts.list
  let sent: unknown = null
  serverUse409((body) => (sent = body))
  await user.click(inCard('Ann Lee').getByRole('button', { name: 'Move Ann Lee' }))
  await user.click(within(screen.getByRole('list', { name: 'Move Ann Lee to' })).getByRole('button', { name: 'Interview' }))
  expect(await screen.findByText('This application was moved to Offer stage since you loaded it')).toBeInTheDocument()
  expect(sent).toEqual({ stage: 'interview', from: 'screening' })
  await waitFor(() => expect(api.counts.list).toBeGreaterThan(before))
  await waitFor(() => expect(within(column(/^Offer/)).getByRole('article', { name: 'Ann Lee' })).toBeVisible())
  expect(screen.getByRole('heading', { level: 2, name: 'Interview (0)' })).toBeVisible()
  expect(screen.getByText('Ann Lee was not moved: This application was moved to Offer stage since you loaded it')).toBeInTheDocument()
})

function serverUse409(record: (body: unknown) => void) {
  server.use(
    http.put('/auth/applications/{applicationId}/stage', async ({ request, response }) => {
      record(await request.json())
      return response(409).json({ success: false, message: 'This application was moved to Offer stage since you loaded it' })
    }),
  )
}

test('Rejected asks for an optional private reason and sends it; Cancel sends nothing and gives the focus back to Move', async () => {
  const api = answer([application({ _id: 'a1', stage: 'interview' })])
  const { user } = await openBoard()
  const move = inCard('Ann Lee').getByRole('button', { name: 'Move Ann Lee' })
  await user.click(move)
  await user.click(within(screen.getByRole('list', { name: 'Move Ann Lee to' })).getByRole('button', { name: 'Rejected' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Reject Ann Lee?' }))
  expect(dialog.getByText('Ann Lee will be told by e-mail that they were not selected. A rejection is final.')).toBeVisible()
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(api.moves).toEqual([])
  await waitFor(() => expect(move).toHaveFocus())

  await user.click(move)
  await user.click(within(screen.getByRole('list', { name: 'Move Ann Lee to' })).getByRole('button', { name: 'Rejected' }))
  dialog = within(screen.getByRole('dialog', { name: 'Reject Ann Lee?' }))
  const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' })
  expect(reason).toHaveFocus()
  expect(reason).toHaveAccessibleDescription('Private to you: never shown to the applicant. At most 1000 characters.')
  await user.type(reason, '  Needs more Rust experience  ')
  await user.click(dialog.getByRole('button', { name: 'Reject' }))
  expect(await screen.findByText('Application moved to Not selected')).toBeInTheDocument()
  expect(api.moves).toEqual([{ id: 'a1', stage: 'rejected', from: 'interview', reason: 'Needs more Rust experience' }])
  await waitFor(() => expect(within(column(/^Rejected/)).getByRole('article', { name: 'Ann Lee' })).toBeVisible())
  // Final now: no Move; the focus is on the card itself.
  expect(inCard('Ann Lee').queryByRole('button', { name: /Move/ })).not.toBeInTheDocument()
  await waitFor(() => expect(card('Ann Lee')).toHaveFocus())
})

test('a rejection without a reason sends none, and a reason over 1000 characters is refused first', async () => {
  const api = answer([application({ _id: 'a1' })])
  const { user } = await openBoard()
  fireEvent.dragStart(card('Ann Lee'))
  fireEvent.dragOver(column(/^Rejected/))
  fireEvent.drop(column(/^Rejected/))
  const dialog = within(await screen.findByRole('dialog', { name: 'Reject Ann Lee?' }))
  const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' })
  reason.focus()
  await user.paste('x'.repeat(1001))
  await user.click(dialog.getByRole('button', { name: 'Reject' }))
  expect(await dialog.findByText('Reason must be at most 1000 characters')).toBeVisible()
  expect(api.moves).toEqual([])
  await user.clear(reason)
  await user.click(dialog.getByRole('button', { name: 'Reject' }))
  expect(await screen.findByText('Application moved to Not selected')).toBeInTheDocument()
  expect(api.moves).toEqual([{ id: 'a1', stage: 'rejected', from: 'applied' }])
})

test('Hired asks first, as a hire is final', async () => {
  const api = answer([application({ _id: 'a1', stage: 'offer' })])
  const { user } = await openBoard()
  await user.click(inCard('Ann Lee').getByRole('button', { name: 'Move Ann Lee' }))
  await user.click(within(screen.getByRole('list', { name: 'Move Ann Lee to' })).getByRole('button', { name: 'Hired' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Hire Ann Lee?' }))
  await user.click(dialog.getByRole('button', { name: 'Hire' }))
  expect(await screen.findByText('Application moved to Hired')).toBeInTheDocument()
  expect(api.moves).toEqual([{ id: 'a1', stage: 'hired', from: 'offer' }])
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Hired (1)' })).toBeVisible())
})

test('Details has a star rating: choosing "4 stars" saves it and the card says so; "Clear rating" clears it', async () => {
  const api = answer([application({ _id: 'a1' })])
  const { user } = await openBoard()
  const details = inCard('Ann Lee').getByRole('button', { name: 'Details of Ann Lee' })
  await user.click(details)
  const dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  const rating = within(dialog.getByRole('group', { name: 'Rating' }))
  expect(rating.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5'])
  expect(rating.getByRole('radio', { name: '1 star' })).not.toBeChecked()
  await user.click(rating.getByRole('radio', { name: '4 stars' }))
  expect(await screen.findByText('Rating saved')).toBeInTheDocument()
  expect(api.ratings).toEqual([{ id: 'a1', rating: 4 }])
  await waitFor(() => expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked())
  expect(rating.getByText('4 of 5 stars')).toBeVisible()
  expect(inCard('Ann Lee').getByText('Rating').nextElementSibling).toHaveTextContent('4 of 5 stars')

  await user.click(rating.getByRole('button', { name: 'Clear rating' }))
  await waitFor(() => expect(api.ratings).toEqual([{ id: 'a1', rating: 4 }, { id: 'a1', rating: null }]))
  await waitFor(() => expect(rating.getByRole('radio', { name: '4 stars' })).not.toBeChecked())
  expect(inCard('Ann Lee').getByText('Rating').nextElementSibling).toHaveTextContent('Not rated')

  // Close gives the focus back to Details.
  await user.click(dialog.getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(details).toHaveFocus()
})

test('Details shows what the list view shows of the applicant: stage, e-mail, history, skills, education, statement of purpose and resume link', async () => {
  answer([application({ _id: 'a1' }), application({ _id: 'a2', userDetails: BO, jobApplicantsDetails: { resume: '', education: [], skills: [] } })])
  const { user } = await openBoard()
  await user.click(inCard('Ann Lee').getByRole('button', { name: 'Details of Ann Lee' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByText('Stage').nextElementSibling).toHaveTextContent('Applied')
  expect(dialog.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com')
  expect(dialog.getByText('Applied on')).toBeVisible()
  expect(dialog.getByText('Skills').nextElementSibling).toHaveTextContent('Rust')
  expect(dialog.getByRole('heading', { level: 3, name: 'Education' }).nextElementSibling).toHaveTextContent('IIT Bombay (2018 - 2022)')
  expect(dialog.getByRole('heading', { level: 3, name: 'Statement of Purpose' }).nextElementSibling).toHaveTextContent('I have written Rust services for five years.')
  const resume = dialog.getByRole('link', { name: 'Resume of Ann Lee' })
  expect(resume).toHaveAttribute('href', 'http://127.0.0.1:8080/api/v1/resumes/u-applicant?viewer=u-recruiter&expires=4102444800&signature=def')
  expect(resume).toHaveAttribute('target', '_blank')
  expect(resume).toHaveAttribute('rel', 'noopener noreferrer')
  await user.click(dialog.getByRole('button', { name: 'Close' }))

  // An applicant who sent no resume, skills or education: the dialog says so, as the list does.
  await user.click(inCard('Bo Kim').getByRole('button', { name: 'Details of Bo Kim' }))
  dialog = within(screen.getByRole('dialog', { name: 'Bo Kim' }))
  expect(dialog.getByText('No resume uploaded')).toBeVisible()
  expect(dialog.queryByRole('link', { name: /^Resume of/ })).not.toBeInTheDocument()
  expect(dialog.getByText('Skills').nextElementSibling).toHaveTextContent('None listed')
  expect(dialog.getByText('No education details available.')).toBeVisible()
})

test("Details' history says who on the hiring team made each move", async () => {
  answer([movedTo(movedTo(application({ _id: 'a1' }), 'screening', '2026-03-05T09:00:00Z', 'Raj Rao'), 'interview', '2026-03-06T09:00:00Z', 'Priya Shah')])
  const { user } = await openBoard()
  await user.click(inCard('Ann Lee').getByRole('button', { name: 'Details of Ann Lee' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByText('Applied on').nextElementSibling).toHaveTextContent(/^Wed, 4 Mar, 2026, 15:30 IST$/)
  expect(dialog.getByText('Screening stage on').nextElementSibling).toHaveTextContent('Thu, 5 Mar, 2026, 14:30 IST · , by Raj Rao')
  expect(dialog.getByText('Interview stage on').nextElementSibling).toHaveTextContent('Fri, 6 Mar, 2026, 14:30 IST · , by Priya Shah')
})

test('Details lists the notes newest first as plain text with author and time, and adds a note after checking it', async () => {
  const api = answer(
    [application({ _id: 'a1', stage: 'rejected', notesCount: 2, rejectionReason: 'Needs more Rust experience' })],
    [
      { _id: 'n2', body: '<b>Strong</b> answers <img src=x onerror=alert(1)>', author: 'Raj Rao', createdAt: '2026-03-07T09:05:00Z' },
      { _id: 'n1', body: 'Phone screen booked', author: 'Raj Rao', createdAt: '2026-03-05T16:40:00Z' },
    ],
  )
  const { user } = await openBoard()
  await user.click(inCard('Ann Lee').getByRole('button', { name: 'Details of Ann Lee' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Ann Lee' }))
  expect(dialog.getByText('Not selected', { selector: 'span' })).toBeVisible()
  expect(dialog.getByText('Rejection reason (private)').nextElementSibling).toHaveTextContent('Needs more Rust experience')

  const notes = within(await dialog.findByRole('list', { name: 'Notes' }))
  const items = notes.getAllByRole('listitem')
  expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual(['<b>Strong</b> answers <img src=x onerror=alert(1)>', 'Phone screen booked'])
  // Shown as text, never as HTML.
  expect(items[0].querySelector('b, img')).toBeNull()
  expect(items[0]).toHaveTextContent('Raj Rao, Sat, 7 Mar, 2026, 14:35 IST')

  const field = dialog.getByRole('textbox', { name: 'New note' })
  await user.click(dialog.getByRole('button', { name: 'Add note' }))
  expect(await dialog.findByText('Note is required')).toBeVisible()
  expect(field).toHaveAttribute('aria-invalid', 'true')
  field.focus()
  await user.paste('y'.repeat(2001))
  await user.click(dialog.getByRole('button', { name: 'Add note' }))
  expect(await dialog.findByText('Note must be at most 2000 characters')).toBeVisible()
  expect(api.added).toEqual([])

  await user.clear(field)
  await user.type(field, 'Offer call on Friday')
  await user.click(dialog.getByRole('button', { name: 'Add note' }))
  expect(await screen.findByText('Note added')).toBeInTheDocument()
  expect(api.added).toEqual([{ id: 'a1', body: 'Offer call on Friday' }])
  await waitFor(() => expect(notes.getAllByRole('listitem')[0]).toHaveTextContent('Offer call on Friday'))
  expect(notes.getAllByRole('listitem')).toHaveLength(3)
  expect(field).toHaveValue('')
  await waitFor(() => expect(inCard('Ann Lee').getByText('Notes').nextElementSibling).toHaveTextContent('3'))
})

test('the overview counts the applications by stage too', async () => {
  answer([application()])
  server.use(
    http.get('/auth/jobs/applications/{jobId}/overview', ({ response }) =>
      response(200).json({
        success: true,
        message: 'Overview fetched successfully',
        data: { ...applicationsOverview({ applied: 3, shortlisted: 4, rejected: 1 }), stages: { applied: 3, screening: 1, interview: 2, offer: 0, hired: 1, rejected: 1, withdrawn: 0 } },
      }),
    ),
  )
  await openBoard()
  const overview = within(await screen.findByRole('region', { name: 'Overview' }))
  const stages = within(overview.getByRole('list', { name: 'By stage' }))
  expect(stages.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Applied: 3',
    'Screening: 1',
    'Interview: 2',
    'Offer: 0',
    'Hired: 1',
    'Rejected: 1',
    'Withdrawn: 0',
  ])
})

test('the board comes first, the overview after it and the hiring team last: the headings go from the page (h1) to the columns and their cards, then the overview, then the team', async () => {
  answer([application()])
  await openBoard()
  await screen.findByRole('region', { name: 'Overview' })
  await screen.findByRole('region', { name: 'Hiring team' })
  const headings = within(screen.getByRole('main'))
    .getAllByRole('heading')
    .map((heading) => `${heading.tagName} ${heading.textContent}`)
  expect(headings).toEqual([
    'H1 Applications for Selected Job',
    'H2 Applied (1)',
    'H3 Ann Lee',
    'H2 Screening (0)',
    'H2 Interview (0)',
    'H2 Offer (0)',
    'H2 Hired (0)',
    'H2 Rejected (0)',
    'H2 Withdrawn (0)',
    'H2 Overview',
    'H3 By stage',
    'H2 Hiring team',
  ])
})

test('a new application told live by the notification stream shows on the board, and the overview is fetched again, without a reload', async () => {
  const api = answer([application({ _id: 'a1' })])
  const stream = eventStream()
  let notifications: Notification[] = []
  server.use(
    stream.handler,
    http.get('/auth/notifications', ({ response }) =>
      response(200).json({ success: true, message: 'Notifications fetched successfully', notifications, unread: notifications.length }),
    ),
  )
  await openBoard()
  await waitFor(() => expect(stream.connections()).toBe(1))
  const before = { ...api.counts }
  api.receive(application({ _id: 'a2', userDetails: BO }))
  notifications = [notification({ _id: 'n1', kind: 'newApplication', text: 'Bo Kim applied for Backend Developer', link: '/dashboard/job/applications/j1' })]
  act(() => stream.unread(1, 'n1'))
  expect(await within(column(/^Applied/)).findByRole('article', { name: 'Bo Kim' })).toBeVisible()
  expect(screen.getByRole('heading', { level: 2, name: 'Applied (2)' })).toBeVisible()
  await waitFor(() => expect(api.counts.overview).toBeGreaterThan(before.overview))
})
