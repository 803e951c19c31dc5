import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/ui/button-link'
import { formatDate, formatSalary } from '@/lib/format'
import { asksLine } from '@/lib/questions'
import { withNext } from '@/lib/next-page'
import { Each, Show, slot } from '@/lib/template'
import { companyPath, isClosed } from '../format'
import type { Job } from '../types'
import type { components } from '@/lib/api-types'

type Question = components['schemas']['Question']
import { CompanyName } from './job-card'

/**
 * What a job's page shows of the job, each value as the page writes it. The server draws a guest's
 * job page from `JobArticle`'s template with the same names (server/src/site/content.rs), so a
 * name here is a name there.
 */
export type JobView = {
  /** The job's address, `/job/{id}`. */
  path: string
  title: string
  company: string
  /** The company's page, `/company/{slug}`; empty when the job has no company's page. */
  companyPath: string
  facts: { term: string; value: string }[]
  description: string
  skills: string[]
  /** "This job asks 3 questions" ("1 question"); empty when it asks none. */
  asks: string
  /** Each screening question and how it is answered ("Yes or no, required"). */
  questions: { text: string; detail: string }[]
  /** It takes applications. */
  open: boolean
  /** "Last Date to Apply: …" for an open job. */
  deadline: string
  /** The day its recruiter closed it, when they did. */
  closedOn: string | null
}

export function jobView(job: Job): JobView {
  return {
    path: `/job/${encodeURIComponent(job._id)}`,
    title: job.title,
    company: job.company,
    companyPath: companyPath(job),
    facts: [
      { term: 'Location', value: job.location },
      { term: 'Job type', value: job.jobType },
      { term: 'Work mode', value: job.workMode },
      { term: 'Salary', value: formatSalary(job.salary, job.salaryMax) },
      { term: 'Category', value: job.categoryName },
      { term: 'Positions', value: String(job.maxPositions) },
      { term: 'Max Applications', value: String(job.maxApplicants) },
      { term: 'Posted on', value: formatDate(job.dateOfPosting) },
    ],
    description: job.description,
    skills: job.skillsets,
    asks: asksLine(job.questions?.length ?? 0),
    questions: (job.questions ?? []).map((question) => ({ text: question.text, detail: questionDetail(question) })),
    open: !isClosed(job),
    deadline: formatDate(job.deadline),
    closedOn: job.closedAt ? formatDate(job.closedAt) : null,
  }
}

/** How a question is answered, as the job's page says it (server/src/site/content.rs says it the same way). */
export function questionDetail(question: Pick<Question, 'kind' | 'required' | 'choices'>) {
  const how = {
    yesNo: 'Yes or no',
    number: 'A number',
    choice: `One of: ${(question.choices ?? []).join(', ')}`,
    text: 'A short text',
  }[question.kind]
  return question.required ? `${how}, required` : how
}

/** A job's view as a template holds it: each value its slot. */
export const JOB_VIEW_SLOTS: JobView = {
  path: `/job/${slot('id')}`,
  title: slot('title'),
  company: slot('company'),
  companyPath: slot('companyPath'),
  facts: [{ term: slot('term'), value: slot('value') }],
  description: slot('description'),
  skills: [slot('.')],
  asks: slot('asks'),
  questions: [{ text: slot('text'), detail: slot('detail') }],
  open: true,
  deadline: slot('deadline'),
  closedOn: slot('closedOn'),
}

/** The job, and under it `children`: what the visitor can do with it. `notice` goes under its title and company (the app's, never a template's). */
export function JobArticle({ view, notice, children }: { view: JobView; notice?: ReactNode; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">{view.title}</h1>
      <p className="mt-2 text-lg text-gray-700">
        <CompanyName company={view.company} path={view.companyPath} />
      </p>
      {notice}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-gray-800">
        <Each name="facts" items={view.facts}>
          {({ term, value }) => (
            <>
              <dt className="font-medium">{term}</dt>
              <dd>{value}</dd>
            </>
          )}
        </Each>
      </dl>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Description</h2>
      <p className="mt-2 whitespace-pre-line text-gray-700">{view.description}</p>
      <Show name="hasSkills" when={view.skills.length > 0}>
        <h2 className="mt-8 text-xl font-semibold text-gray-900">Skills</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          <Each name="skills" items={view.skills}>
            {(skill) => <li className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">{skill}</li>}
          </Each>
        </ul>
      </Show>
      <Show name="hasQuestions" when={view.questions.length > 0}>
        <h2 className="mt-8 text-xl font-semibold text-gray-900">Screening questions</h2>
        <p className="mt-2 text-gray-700">{view.asks}, answered when you apply:</p>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-gray-800">
          <Each name="questions" items={view.questions}>
            {({ text, detail }) => (
              <li>
                {text} <span className="text-sm text-gray-600">({detail})</span>
              </li>
            )}
          </Each>
        </ol>
      </Show>
      <p className="mt-8 font-semibold">
        <Show name="open" when={view.open} unless>
          <span className="text-red-700">No longer accepting applications</span>
          <Show name="closedOn" when={view.closedOn !== null}>
            <span className="mt-1 block font-normal text-gray-800">The recruiter closed this job on {view.closedOn}.</span>
          </Show>
        </Show>
        <Show name="open" when={view.open}>
          <span className="text-gray-800">Last Date to Apply: {view.deadline}</span>
        </Show>
      </p>
      {children}
    </article>
  )
}

/** A guest's ways on from a job: log in to apply (while it is open) or to save it, coming back here. */
export function GuestJobActions({ view }: { view: JobView }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Show name="open" when={view.open}>
        <ButtonLink to={withNext('/login', view.path)} className="mt-4">
          Log in to apply
        </ButtonLink>
      </Show>
      {/* Saving needs an account: the guest learns so where the Save toggle would be, and comes back here. */}
      <ButtonLink to={withNext('/login', view.path)} variant="neutral" size="sm" className="mt-4">
        Log in to save this job
      </ButtonLink>
    </div>
  )
}
