import type { ReactNode } from 'react'
import { useLocation, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { NotFound } from '@/components/ui/not-found'
import { JobSearchScreen } from '@/app/job-search-screen'
import { FollowCompanyButton } from '@/features/alerts/components/follow-company-button'
import { useCompany } from '@/features/companies/api/get-company'
import type { Company } from '@/features/companies/types'
import { JobListSkeleton } from '@/features/jobs/components/job-card'
import { RESULTS_COLUMN, SEARCH_LAYOUT } from '@/features/jobs/components/job-search-form'
import { useJobSearch, type JobSearchState } from '@/features/jobs/use-job-search'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { withNext } from '@/lib/next-page'
import type { ErrorToast } from '@/lib/query-client'
import { titleFromSlug } from '@/lib/slug'
import { Show, slot, useAppReady } from '@/lib/template'

const FAILURE = 'Could not load this company'

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404
/** Its owners removed it (a 404 marked `removed`): unlike a company that never was, the page says so. */
const isRemoved = (error: unknown) => error instanceof ApiError && error.removed
/** A company that does not exist or was removed is the page's own message; any other failure says the server's message as well. */
const COMPANY_TOAST: ErrorToast = { id: 'company', message: (error) => (isNotFound(error) ? null : errorMessage(error, FAILURE)) }

const pageTitle = (name: string) => `${name} jobs | jobportal`

/**
 * What a company's page shows of the company, each value as the page writes it; an empty one is not
 * shown. The server can fill `CompanyFrame`'s template with the same names.
 */
export type CompanyView = {
  name: string
  /** The logo's address. */
  logo: string
  about: string
  /** An http or https address. */
  website: string
  /** The website's host, as the link shows it. */
  websiteHost: string
  /** "11-50": the page says "11-50 employees". */
  sizeBand: string
  headquarters: string
  /** The places, one text: "Pune, Remote". */
  locations: string
  /** An admin verified the company: the page shows a badge. */
  verified: boolean
}

/** `text` as an http or https address, or null when it is not one (a link to anything else is not followed). */
function webAddress(text: string): URL | null {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

export function companyView(company: Company): CompanyView {
  const website = webAddress(company.website)
  return {
    name: company.name,
    logo: company.logo ?? '',
    about: company.about,
    website: website ? company.website : '',
    websiteHost: website?.host ?? '',
    sizeBand: company.sizeBand ?? '',
    headquarters: company.headquarters,
    locations: company.locations.join(', '),
    verified: company.verified,
  }
}

/** A company's view as a template holds it: each value its slot. */
export const COMPANY_VIEW_SLOTS: CompanyView = {
  name: slot('name'),
  logo: slot('logo'),
  about: slot('about'),
  website: slot('website'),
  websiteHost: slot('websiteHost'),
  sizeBand: slot('sizeBand'),
  headquarters: slot('headquarters'),
  locations: slot('locations'),
  verified: true,
}

const SECTION = 'mx-auto max-w-6xl px-4 py-6 md:py-12'
/** The row of the logo and the name: as tall as the logo with or without one, so the page below keeps its place. */
const NAME_ROW = 'flex min-h-16 items-center gap-4'
const NAME = 'min-w-0 text-3xl font-bold break-words text-ink'
const JOBS_HEADING = 'mt-8 border-t border-gray-200 pt-6 text-2xl font-semibold text-ink'

/**
 * A company's page around the search of its jobs: its logo and name, what it says about itself, the
 * facts it gave (each only when given), `follow` (what only the app draws, never a template), and
 * the heading of its jobs.
 */
export function CompanyFrame({ view, follow, children }: { view: CompanyView; follow?: ReactNode; children: ReactNode }) {
  const hasFacts = [view.website, view.sizeBand, view.headquarters, view.locations].some((value) => value !== '')
  return (
    <section className={SECTION}>
      <div className={NAME_ROW}>
        <Show name="logo" when={view.logo !== ''}>
          {/* The name beside it says whose logo it is. Loaded lazily, which also keeps React from hoisting a preload of it out of this part when the server's template is drawn. */}
          <img src={view.logo} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-md border border-gray-200 bg-white object-contain" />
        </Show>
        <h1 className={NAME}>{view.name}</h1>
        <Show name="verified" when={view.verified}>
          <span className="shrink-0 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">Verified</span>
        </Show>
      </div>
      <Show name="about" when={view.about !== ''}>
        <p className="mt-4 max-w-3xl text-lg break-words whitespace-pre-line text-gray-700">{view.about}</p>
      </Show>
      <Show name="hasFacts" when={hasFacts}>
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-gray-800">
          <Show name="website" when={view.website !== ''}>
            <dt className="font-medium">Website</dt>
            <dd>
              <a href={view.website} rel="nofollow noopener" className="font-medium break-all text-primary-strong underline underline-offset-2 hover:text-blue-900">
                {view.websiteHost}
              </a>
            </dd>
          </Show>
          <Show name="sizeBand" when={view.sizeBand !== ''}>
            <dt className="font-medium">Size</dt>
            <dd>{view.sizeBand} employees</dd>
          </Show>
          <Show name="headquarters" when={view.headquarters !== ''}>
            <dt className="font-medium">Headquarters</dt>
            <dd className="break-words">{view.headquarters}</dd>
          </Show>
          <Show name="locations" when={view.locations !== ''}>
            <dt className="font-medium">Locations</dt>
            <dd className="break-words">{view.locations}</dd>
          </Show>
        </dl>
      </Show>
      {follow}
      <h2 className={JOBS_HEADING}>Jobs at {view.name}</h2>
      {children}
    </section>
  )
}

/** While the company loads, the page has its final shape: the name from the link, a line for its about text, placeholder cards. */
function CompanySkeleton({ name }: { name: string }) {
  return (
    <section className={SECTION}>
      <title>{pageTitle(name)}</title>
      <div className={NAME_ROW}>
        <h1 className={NAME}>{name}</h1>
      </div>
      <div aria-hidden="true" className="mt-4 flex h-7 items-center">
        <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
      </div>
      <h2 className={JOBS_HEADING}>Jobs at {name}</h2>
      <div className={SEARCH_LAYOUT}>
        <div className={RESULTS_COLUMN}>
          <h2 id="job-results" className="mt-6 text-xl font-semibold text-ink md:mt-10 lg:mt-0">
            Results
          </h2>
          <JobListSkeleton labelledBy="job-results" />
        </div>
      </div>
    </section>
  )
}

/** A removed company's page (the server serves its address with 410). */
function CompanyRemoved() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <title>Company removed | jobportal</title>
      <h1 className="text-3xl font-bold text-gray-900">This company has been removed</h1>
      <p className="mt-4 text-gray-700">This company was removed and is no longer on jobportal.</p>
      <ButtonLink to="/jobs" className="mt-6">
        Search jobs
      </ButtonLink>
    </section>
  )
}

/**
 * A company's page (/company/acme): its profile, and below it the search of /jobs narrowed to its
 * jobs under the company's own address. The address names the company by its slug, compared without
 * regard to case; an unknown one is not found. Its jobs are asked for beside its profile.
 */
export default function CompanyPage() {
  const { slug: linked = '' } = useParams()
  const slug = linked.toLowerCase()
  const { data: company, error, refetch, isFetching } = useCompany(slug, COMPANY_TOAST)
  const jobSearch = useJobSearch({ field: 'company', value: slug })

  if (isRemoved(error)) return <CompanyRemoved />
  if (isNotFound(error)) return <NotFound />
  if (error) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <title>Company | jobportal</title>
        <h1 className="text-3xl font-bold text-gray-900">{FAILURE}</h1>
        <p className="mt-4 text-gray-700">{errorMessage(error, FAILURE)}</p>
        <Button className="mt-6" onClick={() => refetch()} loading={isFetching}>
          Try again
        </Button>
      </section>
    )
  }
  if (!company) return <CompanySkeleton name={titleFromSlug(slug)} />
  return <CompanySearch company={company} jobSearch={jobSearch} />
}

/**
 * Following the company, its new jobs e-mailed by the daily alerts: an applicant's toggle, and a
 * guest's way to log in and come back to this page. Drawn once the app has taken over the page,
 * as the server's markup has no part of it; a recruiter or an admin has none.
 */
function FollowCompany({ company }: { company: Company }) {
  const ready = useAppReady()
  const { accountType, loggedIn } = useSession()
  const { pathname, search } = useLocation()
  if (!ready) return null
  if (accountType === 'Applicant') {
    return (
      <div className="mt-4">
        <FollowCompanyButton slug={company.slug} name={company.name} className="max-w-full text-left" />
      </div>
    )
  }
  if (loggedIn) return null
  return (
    <div className="mt-4">
      <ButtonLink to={withNext('/login', `${pathname}${search}`)} variant="neutral" className="max-w-full text-left break-words">
        Log in to follow {company.name}
      </ButtonLink>
    </div>
  )
}

function CompanySearch({ company, jobSearch }: { company: Company; jobSearch: JobSearchState }) {
  return (
    <CompanyFrame view={companyView(company)} follow={<FollowCompany company={company} />}>
      <title>{pageTitle(company.name)}</title>
      <JobSearchScreen jobSearch={jobSearch} action={`/company/${encodeURIComponent(company.slug)}`} />
    </CompanyFrame>
  )
}
