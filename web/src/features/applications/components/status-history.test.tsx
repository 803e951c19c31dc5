import { render, screen } from '@testing-library/react'
import { application, DECIDED_AT, movedTo } from '@/testing/fixtures'
import { viewerIn } from '@/testing/time-zone'
import { StatusHistory } from './status-history'

afterEach(() => vi.restoreAllMocks())

const renderHistory = (history: Parameters<typeof StatusHistory>[0]['history']) =>
  render(
    <dl>
      <StatusHistory history={history} />
    </dl>,
  )

test('a move the hiring team made says who made it ("· by Priya Shah"), read as ", by Priya Shah"', () => {
  viewerIn('Asia/Kolkata')
  renderHistory(movedTo(application(), 'interview', DECIDED_AT, 'Priya Shah').history)
  expect(screen.getByText('Interview stage on').nextElementSibling).toHaveTextContent('Fri, 6 Mar, 2026, 14:30 IST · , by Priya Shah')
  expect(screen.getByText('·')).toHaveAttribute('aria-hidden', 'true')
  expect(screen.getByText(',')).toHaveClass('sr-only')
  // The applicant's own step has no name.
  expect(screen.getByText('Applied on').nextElementSibling).toHaveTextContent(/^Wed, 4 Mar, 2026, 15:30 IST$/)
})

test('without a name (the applicant\'s view) a step says only when', () => {
  viewerIn('Asia/Kolkata')
  renderHistory(movedTo(application(), 'interview').history)
  expect(screen.getByText('Interview stage on').nextElementSibling).toHaveTextContent(/^Fri, 6 Mar, 2026, 14:30 IST$/)
  expect(screen.queryByText(/by /)).not.toBeInTheDocument()
})
