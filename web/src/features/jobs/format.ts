export const formatSalary = (salary: number) => `₹${salary} per month`

/** Deadlines are UTC instants; show the calendar date in UTC so every visitor reads the same day. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export const isPastDeadline = (deadline: string, now = Date.now()) => Date.parse(deadline) < now

/** The UTC calendar day of an instant, as a date input holds it ("YYYY-MM-DD"). */
export const dateInputValue = (iso: string) => new Date(iso).toISOString().slice(0, 10)

const counts = new Intl.NumberFormat('en-IN')

/** A count beside a filter: "(1,234)". */
export const formatCount = (count: number) => `(${counts.format(count)})`
