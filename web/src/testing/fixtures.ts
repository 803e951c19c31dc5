import type { AdminAccount, AdminCategory, AdminCompany, AdminJob, AdminOverview, AuditEntry } from '@/features/admin/types'
import type { User } from '@/lib/auth'
import type { Application } from '@/features/applications/types'
import type { Category } from '@/features/categories/types'
import type { Job } from '@/features/jobs/types'
import type { Interview } from '@/features/interviews/types'
import type { Message } from '@/features/messages/types'
import type { EmailSettings, Notification } from '@/features/notifications/types'
import type { ApplicantDetails, RecruiterDetails } from '@/features/profiles/types'
import { DEADLINE, POSTED } from '@/testing/dates'
import { daysFromNow } from '@/testing/dates'

/** The server's PUBLIC_URL: it sends avatar and resume links as absolute URLs built from it. */
export const PUBLIC_URL = 'http://127.0.0.1:8080'

export const categories: Category[] = [
  { _id: 'c1', name: 'Engineering', description: 'Build and maintain systems.' },
  { _id: 'c2', name: 'Information Technology', description: 'Keep the computers running.' },
]

export const job = (overrides: Partial<Job> = {}): Job => ({
  _id: 'j1',
  title: 'Backend Developer',
  company: 'Acme',
  // Its company's page and logo: none until a test gives them.
  companySlug: null,
  companyLogo: null,
  description: 'Write Rust services.',
  salary: 50000,
  salaryMax: null,
  workMode: 'On-site',
  dateOfPosting: POSTED,
  deadline: DEADLINE,
  location: 'Pune',
  maxApplicants: 10,
  maxPositions: 2,
  skillsets: ['Rust', 'SQL'],
  jobType: 'Full-time',
  category: 'c1',
  categoryName: 'Engineering',
  userId: 'u1',
  applicationsCount: 0,
  closedAt: null,
  ...overrides,
})

export const applicant: User = {
  _id: 'u-applicant',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  accountType: 'Applicant',
  image: `${PUBLIC_URL}/api/v1/avatars/u-applicant.svg`,
  token: 'applicant-token',
}

export const recruiter: User = {
  _id: 'u-recruiter',
  firstName: 'Raj',
  lastName: 'Rao',
  email: 'raj@example.com',
  accountType: 'Recruiter',
  image: `${PUBLIC_URL}/api/v1/avatars/u-recruiter.svg`,
  token: 'recruiter-token',
}

export const admin: User = {
  _id: 'u-admin',
  firstName: 'Ada',
  lastName: 'Min',
  email: 'ada@example.com',
  accountType: 'Admin',
  image: `${PUBLIC_URL}/api/v1/avatars/u-admin.svg`,
  token: 'admin-token',
}

/** When a fixture's application left `applied`, if it did. */
export const DECIDED_AT = '2026-03-06T09:00:00Z'

const STAGE_OF_STATUS: Record<Application['status'], Application['stage']> = {
  applied: 'applied',
  shortlisted: 'screening',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
}

const STATUS_OF_STAGE: Record<Application['stage'], Application['status']> = {
  applied: 'applied',
  screening: 'shortlisted',
  interview: 'shortlisted',
  offer: 'shortlisted',
  hired: 'shortlisted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
}

/** The server's words for each stage (its `stageLabel`): fixtures only; the app reads them from the server. */
const STAGE_LABELS: Record<Application['stage'], string> = {
  applied: 'Applied',
  screening: 'Screening stage',
  interview: 'Interview stage',
  offer: 'Offer stage',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
}

/** An application; give `stage` (or only `status`, read as the stage a client of the four would see). */
export const application = (overrides: Partial<Application> = {}): Application => {
  const stage = overrides.stage ?? STAGE_OF_STATUS[overrides.status ?? 'applied']
  const made = baseApplication({ status: STATUS_OF_STAGE[stage], stage, stageLabel: STAGE_LABELS[stage], ...overrides })
  const history: Application['history'] = [
    { status: 'applied', stage: 'applied', stageLabel: 'Applied', by: 'applicant', at: made.dateOfApplication },
  ]
  if (stage !== 'applied') {
    history.push({
      status: made.status,
      stage,
      stageLabel: STAGE_LABELS[stage],
      by: stage === 'withdrawn' ? 'applicant' : 'recruiter',
      at: DECIDED_AT,
    })
  }
  return { ...made, history: overrides.history ?? history }
}

/**
 * `app` moved to `stage` now (by the recruiter, or by its applicant when withdrawn): status, label and history follow.
 * `byName` is who on the hiring team moved it, as the hiring team's view says.
 */
export const movedTo = (app: Application, stage: Application['stage'], at = DECIDED_AT, byName?: string): Application => ({
  ...app,
  stage,
  status: STATUS_OF_STAGE[stage],
  stageLabel: STAGE_LABELS[stage],
  history: [
    ...app.history,
    {
      status: STATUS_OF_STAGE[stage],
      stage,
      stageLabel: STAGE_LABELS[stage],
      by: stage === 'withdrawn' ? 'applicant' : 'recruiter',
      at,
      ...(byName === undefined ? {} : { byName }),
    },
  ],
})

const baseApplication = (overrides: Partial<Application>): Omit<Application, 'history'> => ({
  _id: 'a1',
  jobId: 'j1',
  status: 'applied',
  stage: 'applied',
  stageLabel: 'Applied',
  sop: 'I have written Rust services for five years.',
  dateOfApplication: '2026-03-04T10:00:00Z',
  jobDetails: { title: 'Backend Developer', salary: 50000, salaryMax: 80000, company: 'Acme', location: 'Pune', jobType: 'Full-time', deadline: DEADLINE },
  recruitersDetails: { company: 'Acme' },
  userDetails: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
  jobApplicantsDetails: {
    resume: `${PUBLIC_URL}/api/v1/resumes/u-applicant?viewer=u-recruiter&expires=4102444800&signature=def`,
    education: [{ _id: 'e1', institutionName: 'IIT Bombay', startYear: 2018, endYear: 2022 }],
    skills: ['Rust'],
  },
  jobRemoved: false,
  bookedInterviewAt: null,
  ...overrides,
})

export const applicantDetails = (overrides: Partial<ApplicantDetails> = {}): ApplicantDetails => ({
  _id: 'u-applicant',
  profile: 'I build reliable web services.',
  education: [
    { _id: 'e1', institutionName: 'MIT', startYear: 2015, endYear: 2019 },
    { _id: 'e2', institutionName: 'Open University', startYear: 2020, endYear: null },
  ],
  skills: ['Rust', 'SQL', 'React'],
  resume: `${PUBLIC_URL}/api/v1/resumes/u-applicant?viewer=u-applicant&expires=4102444800&signature=abc`,
  resumeName: 'resume.pdf',
  resumeText: 'found',
  suggestedSkills: [],
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  ...overrides,
})

export const emptyApplicantDetails = (): ApplicantDetails =>
  applicantDetails({ profile: null, education: [], skills: [], resume: '', resumeName: '', resumeText: '' })

export const recruiterDetails = (overrides: Partial<RecruiterDetails> = {}): RecruiterDetails => ({
  _id: 'u-recruiter',
  company: 'Acme',
  position: 'Hiring Manager',
  contactNumber: '9876543210',
  ...overrides,
})

/** A recruiter who has filled in nothing yet: the API sends `null` for each text. */
export const emptyRecruiterDetails = (): RecruiterDetails => recruiterDetails({ company: null, position: null, contactNumber: null })

/** 30 days ending 2026-03-30, with the counts on the days given ("YYYY-MM-DD" -> n). */
const thirtyDays = (days: Record<string, number>) =>
  Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10)
    return { day, count: days[day] ?? 0 }
  })

/** A job's overview: 30 days ending 2026-03-30, with `counts` on the days given ("YYYY-MM-DD" -> n). */
export const applicationsOverview = (
  counts: Partial<Record<'applied' | 'shortlisted' | 'rejected' | 'withdrawn', number>> = {},
  days: Record<string, number> = {},
) => {
  const all = { applied: 0, shortlisted: 0, rejected: 0, withdrawn: 0, ...counts }
  // The shortlisted ones are all at screening here.
  const stages = { applied: all.applied, screening: all.shortlisted, interview: 0, offer: 0, hired: 0, rejected: all.rejected, withdrawn: all.withdrawn }
  return { counts: all, stages, total: all.applied + all.shortlisted + all.rejected + all.withdrawn, perDay: thirtyDays(days) }
}

export const adminOverview = (overrides: Partial<AdminOverview> = {}): AdminOverview => ({
  accounts: { applicants: 1234, recruiters: 56, admins: 2, suspended: 3 },
  openJobs: 789,
  hiddenJobs: 4,
  applicationsTotal: 4321,
  applicationsPerDay: thirtyDays({ '2026-03-04': 5, '2026-03-30': 2 }),
  ...overrides,
})

export const adminCategory = (overrides: Partial<AdminCategory> = {}): AdminCategory => ({
  _id: 'c1',
  name: 'Engineering',
  description: 'Build and maintain systems.',
  hidden: false,
  jobsCount: 0,
  ...overrides,
})

export const adminJob = (overrides: Partial<AdminJob> = {}): AdminJob => ({
  ...job(),
  hiddenAt: null,
  hiddenReason: null,
  recruiterEmail: 'raj@example.com',
  recruiterSuspended: false,
  ...overrides,
})

export const adminAccount = (overrides: Partial<AdminAccount> = {}): AdminAccount => ({
  _id: 'u-recruiter',
  firstName: 'Raj',
  lastName: 'Rao',
  email: 'raj@example.com',
  accountType: 'Recruiter',
  createdAt: '2026-01-02T08:00:00Z',
  suspendedAt: null,
  suspensionReason: null,
  ...overrides,
})

export const adminCompany = (overrides: Partial<AdminCompany> = {}): AdminCompany => ({
  _id: 'co-acme',
  slug: 'acme',
  name: 'Acme',
  verified: false,
  suspended: false,
  members: 3,
  jobs: 12,
  createdAt: '2026-01-05T08:00:00Z',
  ...overrides,
})

export const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'a1',
  at: '2026-03-04T09:05:00Z',
  adminId: 'u-admin',
  adminEmail: 'ada@example.com',
  action: 'job.hide',
  targetType: 'job',
  targetId: 'j1',
  targetLabel: 'Backend Developer',
  reason: 'Asks applicants for a fee',
  ...overrides,
})

export const notification = (overrides: Partial<Notification> = {}): Notification => ({
  _id: 'n1',
  kind: 'message',
  text: 'Raj Rao sent you a message about Backend Developer',
  link: '/dashboard/my-applications?conversation=a1',
  createdAt: '2026-03-08T10:00:00Z',
  readAt: null,
  ...overrides,
})

/** How the conversation signs each side's messages: the applicant's full name, a team member's first name and company. */
const SENDERS: Record<Message['from'], string> = { applicant: 'Ann Lee', recruiter: 'Raj, Acme' }

/** One message of a conversation; the applicant's to the recruiter unless told otherwise, signed by its side's sender. */
export const message = (overrides: Partial<Message> = {}): Message => ({
  _id: 'm1',
  body: 'Hello, is the position still open?',
  from: 'applicant',
  mine: true,
  createdAt: '2026-03-08T10:00:00Z',
  readAt: null,
  sender: SENDERS[overrides.from ?? 'applicant'],
  ...overrides,
})

/** Every kind e-mailed, as a new account has it. */
export const emailSettings = (overrides: Partial<EmailSettings> = {}): EmailSettings => ({
  newApplication: true,
  stageChange: true,
  interview: true,
  message: true,
  jobClosing: true,
  mention: true,
  ...overrides,
})

/** The times proposed, taken once when the tests load: every `interview()` in a test proposes the same instants, whatever minute it is called in. */
const SLOTS = [daysFromNow(2), daysFromNow(3), daysFromNow(4)]

/** An interview proposed for application a1: three times, two, three and four days from now (in UTC, as the server sends them). */
export const interview = (overrides: Partial<Interview> = {}): Interview => ({
  _id: 'i1',
  applicationId: 'a1',
  status: 'proposed',
  slots: [...SLOTS],
  startsAt: null,
  durationMinutes: 45,
  location: 'https://meet.example.com/abc-defg',
  sequence: 0,
  jobTitle: 'Backend Developer',
  company: 'Acme',
  applicantName: 'Ann Lee',
  ...overrides,
})
