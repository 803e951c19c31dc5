import { interview } from '@/testing/fixtures'
import { googleCalendarUrl } from './calendar'

test('"Add to Google Calendar" is Google\'s event template with the title, the UTC start and end, the description and the place, each URL-encoded', () => {
  const booked = interview({ status: 'booked', startsAt: '2026-12-01T04:30:00Z', durationMinutes: 45, location: 'Acme office, 4th floor & lobby, Pune' })
  expect(googleCalendarUrl(booked, '2026-12-01T04:30:00Z', 'https://jobs.example/dashboard/interviews/i1')).toBe(
    'https://calendar.google.com/calendar/render?action=TEMPLATE' +
      '&text=Interview%3A%20Backend%20Developer%20at%20Acme' +
      '&dates=20261201T043000Z/20261201T051500Z' +
      '&details=Interview%20of%20Ann%20Lee%20for%20Backend%20Developer%20at%20Acme.%0AWhere%3A%20Acme%20office%2C%204th%20floor%20%26%20lobby%2C%20Pune%0ADetails%3A%20https%3A%2F%2Fjobs.example%2Fdashboard%2Finterviews%2Fi1' +
      '&location=Acme%20office%2C%204th%20floor%20%26%20lobby%2C%20Pune',
  )
})

test('an interview that runs past midnight UTC ends on the next day; a start given with an offset is written in UTC', () => {
  const late = interview({ status: 'booked', durationMinutes: 90 })
  const url = new URL(googleCalendarUrl(late, '2026-12-31T23:00:00+00:00', 'https://jobs.example/dashboard/interviews/i1'))
  expect(url.searchParams.get('dates')).toBe('20261231T230000Z/20270101T003000Z')
  const offset = new URL(googleCalendarUrl(late, '2026-12-01T10:00:00+05:30', 'https://jobs.example/dashboard/interviews/i1'))
  expect(offset.searchParams.get('dates')).toBe('20261201T043000Z/20261201T060000Z')
})
