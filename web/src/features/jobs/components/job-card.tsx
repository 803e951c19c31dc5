import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatSalary } from '@/lib/format'
import { Each, PathLink, Show, slot } from '@/lib/template'
import { applyBy, companyPath, isClosed, postedAgo } from '../format'
import { splitTitle, type TitlePart } from '../highlight'
import type { Job } from '../types'

/** What a card shows of a job, each value as the card writes it (the server fills the same names). */
export type JobCardView = {
  path: string
  /** The title, with the words a search matched marked. */
  titleParts: TitlePart[]
  closed: boolean
  company: string
  /** The company's page, `/company/{slug}`; empty when the job has no company's page. */
  companyPath: string
  hiddenReason: string | null
  location: string
  jobType: string
  workMode: string
  salary: string
  posted: string
  applyBy: string
}

export function jobCardView(job: Job): JobCardView {
  return {
    path: `/job/${job._id}`,
    titleParts: splitTitle(job.title, job.titleMatches ?? []),
    closed: isClosed(job),
    company: job.company,
    companyPath: companyPath(job),
    hiddenReason: job.hiddenReason ?? null,
    location: job.location,
    jobType: job.jobType,
    workMode: job.workMode,
    salary: formatSalary(job.salary, job.salaryMax),
    posted: postedAgo(job.dateOfPosting),
    applyBy: applyBy(job.deadline),
  }
}

/** A card's view as a template holds it. */
export const JOB_CARD_SLOTS: JobCardView = {
  path: `/job/${slot('id')}`,
  titleParts: [{ text: slot('text'), marked: true }],
  closed: true,
  company: slot('company'),
  companyPath: slot('companyPath'),
  hiddenReason: slot('hiddenReason'),
  location: slot('location'),
  jobType: slot('jobType'),
  workMode: slot('workMode'),
  salary: slot('salary'),
  posted: slot('posted'),
  applyBy: slot('applyBy'),
}

const cardClass = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm'

/** A job in a list; `children` are its actions (My Jobs puts Edit, Delete and Applications there). */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  return <JobCardOf view={jobCardView(job)}>{children}</JobCardOf>
}

/**
 * A card from its view. The title's matched words are in `<mark>`: dark text on light yellow keeps
 * AA contrast.
 */
export function JobCardOf({ view, children }: { view: JobCardView; children?: ReactNode }) {
  return (
    <article className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 text-lg font-semibold break-words text-gray-900">
          <Link to={view.path} className="hover:underline">
            <Each name="titleParts" items={view.titleParts}>
              {({ text, marked }) => (
                <>
                  <Show name="marked" when={marked}>
                    <mark className="rounded-sm bg-yellow-100 text-gray-900">{text}</mark>
                  </Show>
                  <Show name="marked" when={marked} unless>
                    {text}
                  </Show>
                </>
              )}
            </Each>
          </Link>
        </h3>
        <Show name="closed" when={view.closed}>
          <span className="rounded-full border border-gray-400 bg-gray-100 px-2 py-0.5 text-sm font-medium text-gray-800">Closed</span>
        </Show>
      </div>
      <p className="text-gray-700">
        <CompanyName company={view.company} path={view.companyPath} />
      </p>
      <Show name="hiddenReason" when={view.hiddenReason !== null}>
        <p className="mt-2 rounded-md border border-danger bg-danger-soft p-2 text-sm font-medium break-words text-danger-strong">
          Hidden by an admin: {view.hiddenReason}
        </p>
      </Show>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
        <dt className="font-medium">Location</dt>
        <dd>{view.location}</dd>
        <dt className="font-medium">Type</dt>
        <dd>{view.jobType}</dd>
        <dt className="font-medium">Work mode</dt>
        <dd>{view.workMode}</dd>
        <dt className="font-medium">Salary</dt>
        <dd>{view.salary}</dd>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-gray-700">
        <span>{view.posted}</span>
        <span>{view.applyBy}</span>
      </p>
      {children}
    </article>
  )
}

/** The company's name, a link to its page when it has one. */
export function CompanyName({ company, path }: { company: string; path: string }) {
  return (
    <>
      <Show name="companyPath" when={path !== ''}>
        <PathLink to={path} className="underline underline-offset-2 hover:text-gray-900">
          {company}
        </PathLink>
      </Show>
      <Show name="companyPath" when={path !== ''} unless>
        {company}
      </Show>
    </>
  )
}

/** A grey bar centred in a line box of the card's own text, so the placeholder is as tall as the text it stands for. */
function Bar({ line, width }: { line: string; width: string }) {
  return (
    <div className={`flex items-center ${line}`}>
      <div className={`h-3/5 rounded bg-gray-200 ${width}`} />
    </div>
  )
}

/**
 * A card's shape while the jobs load: the lines of a one-line-title card (and its row of actions,
 * when the cards will have one), so the real cards take its place without moving the page.
 */
export function JobCardSkeleton({ withActions = false }: { withActions?: boolean }) {
  return (
    <div aria-hidden="true" className={`${cardClass} animate-pulse motion-reduce:animate-none`}>
      <Bar line="h-7" width="w-2/3" />
      <Bar line="h-6" width="w-1/3" />
      <div className="mt-2">
        <Bar line="h-5" width="w-1/2" />
        <Bar line="h-5" width="w-2/5" />
        <Bar line="h-5" width="w-1/3" />
        <Bar line="h-5" width="w-1/2" />
      </div>
      <div className="mt-2">
        <Bar line="h-5" width="w-3/4" />
      </div>
      {withActions && (
        <div className="mt-3">
          <Bar line="h-8" width="w-20" />
        </div>
      )}
    </div>
  )
}

/** Placeholders enough to fill a screen: more would only lengthen the page the results then shorten. */
export const SKELETON_CARDS = 6

/** The list of a page of jobs while it loads: busy, with placeholder cards that assistive technology skips. */
export function JobListSkeleton({ labelledBy, count = SKELETON_CARDS, withActions = false }: { labelledBy: string; count?: number; withActions?: boolean }) {
  return (
    <ul aria-labelledby={labelledBy} aria-busy="true" className="mt-4 grid gap-4 md:grid-cols-2">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <JobCardSkeleton withActions={withActions} />
        </li>
      ))}
    </ul>
  )
}
