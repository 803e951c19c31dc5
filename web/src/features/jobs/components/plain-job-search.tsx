import { Button, buttonClasses } from '@/components/ui/button'
import { Each, Show, slot } from '@/lib/template'
import { JOBS_PAGE_SIZE, jobSearchParams, LAST_PAGE, POSTED_WITHIN, type JobSearch } from '../search'
import { JOB_TYPES, WORK_MODES, type JobsPage } from '../types'
import { JOB_CARD_SLOTS, JobCardOf, jobCardView, type JobCardView } from './job-card'
import { resultCount } from './job-results'
import { RESULTS_COLUMN, SEARCH_LAYOUT, SearchBoxFields } from './job-search-form'

/** A choice of the plain filters: a checkbox or a radio button. */
type Choice = { value: string; label: string; checked: boolean }

/**
 * A search page as it first shows on a page the server drew, before the app has taken it over
 * (lib/template.tsx): what works without script. The search box and the filters are forms that
 * load the page with them, the filters behind "Filters", and the pages are links. The server fills
 * the same names (server/src/site/content.rs).
 */
export type PlainSearchView = {
  /** The page's own path: /jobs, or a category's page. */
  action: string
  words: string
  count: string
  jobs: JobCardView[]
  /** What the filters' form sends besides its fields: the words, the order and the company. */
  hidden: { name: string; value: string }[]
  jobTypes: Choice[]
  workModes: Choice[]
  /** The categories to choose from, on /jobs only (a category's page is its category). */
  categories: Choice[] | null
  location: string
  salary: string
  posted: Choice[]
  closed: boolean
  pages: { page: string; pageCount: string; previous: string | null; next: string | null } | null
}

/**
 * The view of a search page of `action`, for `search` as the page's address holds it (without the
 * field its path names), its first page of results and the categories (null on a category's page).
 */
export function plainSearchView(action: string, search: JobSearch, found: JobsPage, categories: { _id: string; name: string }[] | null, none: string): PlainSearchView {
  const address = (page: number) => {
    const query = jobSearchParams({ ...search, ...(categories === null && { category: '' }), page }).toString()
    return query ? `${action}?${query}` : action
  }
  const pageCount = Math.min(Math.ceil(Math.min(found.total, LAST_PAGE * JOBS_PAGE_SIZE) / JOBS_PAGE_SIZE), LAST_PAGE)
  const page = Math.min(search.page, pageCount)
  const hidden = [
    ...(search.q ? [{ name: 'q', value: search.q }] : []),
    ...(search.q && search.sort !== 'relevance' ? [{ name: 'sort', value: search.sort }] : []),
    ...(search.company ? [{ name: 'company', value: search.company }] : []),
  ]
  return {
    action,
    words: search.q,
    count: resultCount(found.total, found.totalCapped, found.totalExact ?? !found.totalCapped, none),
    jobs: found.data.map(jobCardView),
    hidden,
    jobTypes: JOB_TYPES.map((type) => ({ value: type, label: type, checked: search.jobTypes.includes(type) })),
    workModes: WORK_MODES.map((mode) => ({ value: mode, label: mode, checked: search.workModes.includes(mode) })),
    categories: categories && [
      { value: '', label: 'All categories', checked: search.category === '' },
      ...categories.map(({ _id, name }) => ({ value: _id, label: name, checked: search.category === _id })),
    ],
    location: search.location,
    salary: search.salaryMin === null ? '' : String(search.salaryMin),
    posted: [{ days: null, label: 'Any time' }, ...POSTED_WITHIN].map(({ days, label }) => ({ value: days === null ? '' : String(days), label, checked: search.postedWithin === days })),
    closed: search.showClosed,
    pages: pageCount > 1 ? { page: String(page), pageCount: String(pageCount), previous: page > 1 ? address(page - 1) : null, next: page < pageCount ? address(page + 1) : null } : null,
  }
}

const choiceSlots = (): Choice[] => [{ value: slot('value'), label: slot('label'), checked: true }]

/** The view as a template holds it. */
export const PLAIN_SEARCH_SLOTS: PlainSearchView = {
  action: slot('action'),
  words: slot('words'),
  count: slot('count'),
  jobs: [JOB_CARD_SLOTS],
  hidden: [{ name: slot('name'), value: slot('value') }],
  jobTypes: choiceSlots(),
  workModes: choiceSlots(),
  categories: choiceSlots(),
  location: slot('location'),
  salary: slot('salary'),
  posted: choiceSlots(),
  closed: true,
  pages: { page: slot('page'), pageCount: slot('pageCount'), previous: slot('previous'), next: slot('next') },
}

const FIELD = 'mt-1 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900'
const LEGEND = 'font-medium text-gray-800'

/** A checkbox or radio button of the filters, checked as the address says. */
function PlainChoice({ type, name, choice, checkedName = 'checked' }: { type: 'checkbox' | 'radio'; name: string; choice: Choice; checkedName?: string }) {
  return (
    <label className="flex items-center gap-2">
      <Show name={checkedName} when={choice.checked}>
        <input type={type} name={name} value={choice.value} defaultChecked className="h-5 w-5" />
      </Show>
      <Show name={checkedName} when={choice.checked} unless>
        <input type={type} name={name} value={choice.value} className="h-5 w-5" />
      </Show>
      {choice.label}
    </label>
  )
}

function PlainChoices({ legend, type, name, list, choices }: { legend: string; type: 'checkbox' | 'radio'; name: string; list: string; choices: Choice[] }) {
  return (
    <fieldset>
      <legend className={LEGEND}>{legend}</legend>
      <Each name={list} items={choices}>
        {(choice) => <PlainChoice type={type} name={name} choice={choice} />}
      </Each>
    </fieldset>
  )
}

/** The filters as a form of their own behind "Filters", closed until opened. */
function PlainFilters({ view }: { view: PlainSearchView }) {
  return (
    <details className="mt-3 lg:col-start-1 lg:row-start-1 lg:mt-0">
      <summary className={buttonClasses({ variant: 'secondary', className: 'cursor-pointer' })}>Filters</summary>
      <form action={view.action} method="get" aria-label="Filters" className="mt-3 flex flex-col gap-4">
        <Each name="hidden" items={view.hidden}>
          {(field) => <input type="hidden" name={field.name} defaultValue={field.value} />}
        </Each>
        <PlainChoices legend="Job type" type="checkbox" name="jobType" list="jobTypes" choices={view.jobTypes} />
        <PlainChoices legend="Work mode" type="checkbox" name="workMode" list="workModes" choices={view.workModes} />
        <Show name="hasCategories" when={view.categories !== null}>
          <PlainChoices legend="Category" type="radio" name="category" list="categories" choices={view.categories ?? []} />
        </Show>
        <div>
          <label htmlFor="nojs-location" className="block font-medium text-gray-800">
            Location
          </label>
          <input id="nojs-location" name="location" defaultValue={view.location} className={FIELD} />
        </div>
        <div>
          <label htmlFor="nojs-salary" className="block font-medium text-gray-800">
            Minimum salary (₹ per month)
          </label>
          <input id="nojs-salary" name="salaryMin" inputMode="numeric" defaultValue={view.salary} className={FIELD} />
        </div>
        <PlainChoices legend="Posted within" type="radio" name="postedWithin" list="posted" choices={view.posted} />
        <PlainChoice type="checkbox" name="closed" choice={{ value: '1', label: 'Show closed jobs', checked: view.closed }} checkedName="closed" />
        <Button type="submit">Apply filters</Button>
      </form>
    </details>
  )
}

/** "Previous" and "Next" around "Page 2 of 5", as links; an end without one keeps its place. */
function PlainPages({ pages }: { pages: NonNullable<PlainSearchView['pages']> }) {
  const link = (rel: 'prev' | 'next', href: string | null, label: string) => (
    <>
      <Show name={rel === 'prev' ? 'previous' : 'next'} when={href !== null}>
        <a href={href ?? ''} rel={rel} className={buttonClasses({ variant: 'secondary' })}>
          {label}
        </a>
      </Show>
      <Show name={rel === 'prev' ? 'previous' : 'next'} when={href !== null} unless>
        <span />
      </Show>
    </>
  )
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {link('prev', pages.previous, 'Previous')}
      <p className="text-gray-800">
        Page {pages.page} of {pages.pageCount}
      </p>
      {link('next', pages.next, 'Next')}
    </nav>
  )
}

/** The search box, the filters, the first page of results and the pages, in plain HTML. */
export function PlainJobSearch({ view }: { view: PlainSearchView }) {
  return (
    <>
      <form role="search" aria-label="Jobs" action={view.action} method="get" className="mt-4">
        <SearchBoxFields name="q" defaultValue={view.words} />
      </form>
      {/* Beside the results from 1024px, as the app's rail of filters is. */}
      <div className={SEARCH_LAYOUT}>
        <PlainFilters view={view} />
        <div className={`${RESULTS_COLUMN} lg:row-start-1`}>
          <h2 id="job-results" className="mt-6 text-xl font-semibold text-ink md:mt-10 lg:mt-0">
            Results
          </h2>
          <div className="mt-2 flex min-h-8 items-center gap-3">
            <p className="text-muted">{view.count}</p>
          </div>
          <Show name="hasJobs" when={view.jobs.length > 0}>
            <ul aria-labelledby="job-results" className="mt-4 grid gap-4 md:grid-cols-2">
              <Each name="jobs" items={view.jobs}>
                {(job) => (
                  <li>
                    <JobCardOf view={job} />
                  </li>
                )}
              </Each>
            </ul>
          </Show>
          <Show name="pages" when={view.pages !== null}>
            <PlainPages pages={view.pages ?? PLAIN_SEARCH_SLOTS.pages!} />
          </Show>
        </div>
      </div>
    </>
  )
}
