import { screen, within } from '@testing-library/react'
import { admin, auditEntry } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { http, server } from '@/testing/server'
import { signIn } from '@/testing/session'
import { viewerIn } from '@/testing/time-zone'

const ENTRIES = [
  auditEntry(),
  auditEntry({ _id: 'a2', at: '2026-03-03T18:30:00Z', action: 'account.suspend', targetType: 'account', targetId: 'u1', targetLabel: 'raj@example.com', reason: 'Posts fake jobs' }),
  auditEntry({ _id: 'a3', at: '2026-03-02T08:00:00Z', action: 'category.create', targetType: 'category', targetId: 'c9', targetLabel: 'Design', reason: null }),
]

afterEach(() => vi.restoreAllMocks())

test("the audit log is a table of when (in the viewer's time zone), which Admin, the action in words, its target and its reason", async () => {
  viewerIn('Asia/Kolkata')
  server.use(http.get('/admin/audit', ({ response }) => response(200).json({ success: true, message: 'Audit log fetched successfully', data: ENTRIES, total: 3, page: 1, limit: 20 })))
  signIn(admin)
  renderApp('/dashboard/admin/audit')
  expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  const table = within(await screen.findByRole('table', { name: 'Audit log, page 1 of 1 (3 in all)' }))
  expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Admin', 'Action', 'Target', 'Reason'])
  const rows = table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
  expect(rows).toEqual([
    ['Wed, 4 Mar, 2026, 14:35 IST', 'ada@example.com', 'Hid job', 'Backend Developer', 'Asks applicants for a fee'],
    // 18:30 UTC is already the next day in India.
    ['Wed, 4 Mar, 2026, 00:00 IST', 'ada@example.com', 'Suspended account', 'raj@example.com', 'Posts fake jobs'],
    ['Mon, 2 Mar, 2026, 13:30 IST', 'ada@example.com', 'Added category', 'Design', '—None'],
  ])
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
})

test('the audit log comes a page at a time', async () => {
  const asked: string[] = []
  server.use(
    http.get('/admin/audit', ({ request, response }) => {
      const page = Number(new URL(request.url).searchParams.get('page'))
      asked.push(String(page))
      const data = page === 1 ? ENTRIES.slice(0, 2) : ENTRIES.slice(2)
      return response(200).json({ success: true, message: 'Audit log fetched successfully', data, total: 3, page, limit: 2 })
    }),
  )
  signIn(admin)
  const { user, router } = renderApp('/dashboard/admin/audit')
  await screen.findByRole('table', { name: 'Audit log, page 1 of 2 (3 in all)' })
  await user.click(screen.getByRole('button', { name: 'Next page' }))
  const region = await screen.findByRole('region', { name: 'Audit log, page 2 of 2 (3 in all)' })
  expect(within(region).getByText('Added category')).toBeVisible()
  expect(router.state.location.search).toBe('?page=2')
  expect(region).toHaveFocus()
  expect(asked).toEqual(['1', '2'])
})

test('an empty audit log says so, and a refused one says why', async () => {
  server.use(http.get('/admin/audit', ({ response }) => response(200).json({ success: true, message: 'Audit log fetched successfully', data: [], total: 0, page: 1, limit: 20 })))
  signIn(admin)
  const first = renderApp('/dashboard/admin/audit')
  expect(await screen.findByText('No Admin has done anything yet.')).toBeVisible()
  first.unmount()

  server.use(http.get('/admin/audit', ({ response }) => response(400).json({ success: false, message: 'page must be a whole number from 1' })))
  signIn(admin)
  renderApp('/dashboard/admin/audit')
  expect(await screen.findByText('page must be a whole number from 1')).toBeVisible()
})

test('on a phone the table keeps its columns readable and scrolls sideways in a region the keyboard reaches, which says so', async () => {
  // A phone's width: the table (48rem at least) is wider than the region holding it.
  const observed: Element[] = []
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly measure: () => void) {}
      observe(element: Element) {
        observed.push(element)
        this.measure()
      }
      disconnect() {}
    },
  )
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(768)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358)
  server.use(http.get('/admin/audit', ({ response }) => response(200).json({ success: true, message: 'Audit log fetched successfully', data: ENTRIES, total: 3, page: 1, limit: 20 })))
  signIn(admin)
  renderApp('/dashboard/admin/audit')
  const region = await screen.findByRole('region', { name: 'Audit log, page 1 of 1 (3 in all)' })
  expect(region).toHaveAttribute('tabindex', '0')
  expect(region).toHaveClass('overflow-x-auto')
  expect(within(region).getByRole('table')).toHaveClass('min-w-[48rem]')
  // An e-mail stays on one line instead of breaking a few letters a line.
  expect(within(region).getAllByRole('cell', { name: 'ada@example.com' })[0]).toHaveClass('whitespace-nowrap')
  expect(await screen.findByText('Scroll the table sideways to see every column.')).toBeVisible()
  expect(observed).toContain(region)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

test('where the table fits (a desktop) there is no cue to scroll', async () => {
  server.use(http.get('/admin/audit', ({ response }) => response(200).json({ success: true, message: 'Audit log fetched successfully', data: ENTRIES, total: 3, page: 1, limit: 20 })))
  signIn(admin)
  renderApp('/dashboard/admin/audit')
  await screen.findByRole('region', { name: 'Audit log, page 1 of 1 (3 in all)' })
  expect(screen.queryByText('Scroll the table sideways to see every column.')).not.toBeInTheDocument()
})
