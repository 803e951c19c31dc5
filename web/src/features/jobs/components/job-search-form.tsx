import { useEffect, useEffectEvent, useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Modal } from '@/components/ui/modal'
import { SelectField } from '@/components/ui/select-field'
import { formatCount, formatEstimate } from '@/lib/format'
import { DESKTOP, useMediaQuery } from '@/lib/use-media-query'
import { jobSearchParams, parseSalary, POSTED_WITHIN, SEARCH_DEBOUNCE_MS, type JobSearch } from '../search'
import { JOB_TYPES, WORK_MODES, type JobFacets, type JobType, type WorkMode } from '../types'

type Props = {
  search: JobSearch
  /** Changes the search; `replace` keeps typing from filling the history with every pause. */
  onSearch: (patch: Partial<JobSearch>, replace?: boolean) => void
  categories: { _id: string; name: string }[] | undefined
  categoriesLoading: boolean
  facets: JobFacets | undefined
  /** How many filters are on (the Filters button says so). */
  filterCount: number
  /** Turns every filter off, keeping the words. */
  onClearFilters: () => void
  /** How many jobs the search finds, once known (the sheet's button says so). */
  matches: { total: number; capped: boolean; exact?: boolean } | undefined
  /** Beside the Filters button, or on a desktop under the rail's heading ("Save this search"). */
  actions?: ReactNode
  /** The results: beside the rail on a desktop, under the Filters button on a smaller screen. */
  children: ReactNode
}

/**
 * The columns of a search page on a desktop: the filters' rail, then the results. The server draws
 * the first page's results with these classes too (server/src/site/content.rs), without the rail.
 */
export const SEARCH_LAYOUT = 'lg:mt-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-x-8'
export const RESULTS_COLUMN = 'lg:col-start-2'

const SALARY_ERROR = 'Enter a whole number of rupees'

const trimmed = (typed: string) => typed.trim()

/** The URL form of a typed salary ('' for none), or undefined while it is not a whole number. */
function typedSalary(typed: string) {
  const salary = parseSalary(typed)
  return salary === undefined ? undefined : salary === null ? '' : String(salary)
}

/**
 * A box that searches after a pause. The box holds what is typed, the URL what was searched (`read`
 * turns the one into the other, undefined while it is no valid search). Back and forward change the
 * URL, and then the box follows it, unless it differs only by what `read` ignores, like spaces
 * still being typed.
 */
function useTypedFilter(searched: string, apply: (value: string) => void, read: (typed: string) => string | undefined = trimmed) {
  const [typed, setTyped] = useState(searched)
  const [shown, setShown] = useState(searched)
  if (shown !== searched) {
    setShown(searched)
    if (read(typed) !== searched) setTyped(searched)
  }
  const value = read(typed)
  // `apply` reads the URL when it runs, so only the typed and the searched values restart the pause.
  const onPause = useEffectEvent(apply)
  useEffect(() => {
    if (value === undefined || value === searched) return
    const timer = setTimeout(() => onPause(value), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, searched])
  return { typed, setTyped, value }
}

/** The sheet's button, which closes it onto the results: "Show 12 jobs". */
function showLabel(matches: Props['matches']) {
  if (!matches) return 'Show jobs'
  if (matches.capped) return `Show ${matches.total}+ jobs`
  if (matches.exact === false) return `Show about ${formatEstimate(matches.total)} jobs`
  return matches.total === 1 ? 'Show 1 job' : `Show ${matches.total} jobs`
}

/**
 * The search box and every filter of the jobs page, each with the count the facets give it, around
 * the results. The box comes first; on a desktop the filters are a rail to the left of the results,
 * so the first results are on the first screen; on a phone or a tablet, where they would fill the
 * screen before the first result, they wait behind a Filters button, in a sheet.
 */
export function JobSearchForm({ search, onSearch, categories, categoriesLoading, facets, filterCount, onClearFilters, matches, actions, children }: Props) {
  const desktop = useMediaQuery(DESKTOP)
  const filtersHeading = useId()
  const searchForm = useId()
  // The rail is beside the results, apart from the box; its typed filters still belong to the box's
  // form, so Enter in any of them searches every typed box, as it does in the sheet.
  const typedIn = desktop ? searchForm : undefined
  const [sheetOpen, setSheetOpen] = useState(false)
  const words = useTypedFilter(search.q, (q) => onSearch({ q }, true))
  const location = useTypedFilter(search.location, (location) => onSearch({ location }, true))
  const salary = useTypedFilter(
    search.salaryMin === null ? '' : String(search.salaryMin),
    (value) => onSearch({ salaryMin: value ? Number(value) : null }, true),
    typedSalary,
  )

  // The router applies a URL change in a transition, so a control set by the URL alone would show
  // its old state for a moment: a choice shows at once, until the URL catches up.
  const urlKey = jobSearchParams(search).toString()
  const [pending, setPending] = useState<Partial<JobSearch>>({})
  const [settledKey, setSettledKey] = useState(urlKey)
  if (settledKey !== urlKey) {
    setSettledKey(urlKey)
    setPending({})
  }
  const shown = { ...search, ...pending }
  const choose = (patch: Partial<JobSearch>) => {
    setPending({ ...pending, ...patch })
    onSearch(patch)
  }

  const toggleType = (type: JobType) =>
    choose({ jobTypes: shown.jobTypes.includes(type) ? shown.jobTypes.filter((t) => t !== type) : [...shown.jobTypes, type] })
  const toggleMode = (mode: WorkMode) =>
    choose({ workModes: shown.workModes.includes(mode) ? shown.workModes.filter((m) => m !== mode) : [...shown.workModes, mode] })

  /** Enter in any box searches every typed box at once, without waiting for the pause. */
  const searchTyped = (event: FormEvent) => {
    event.preventDefault()
    const patch: Partial<JobSearch> = {}
    if (words.value !== search.q) patch.q = words.value
    if (location.value !== search.location) patch.location = location.value
    if (salary.value !== undefined && salary.value !== (search.salaryMin === null ? '' : String(search.salaryMin)))
      patch.salaryMin = salary.value ? Number(salary.value) : null
    if (Object.keys(patch).length > 0) onSearch(patch, true)
  }

  // A filter typed but not yet searched counts too: clearing must not let its pause bring it back.
  const canClear = filterCount > 0 || location.typed.trim() !== '' || salary.typed.trim() !== ''
  const clear = () => {
    if (!canClear) return
    location.setTyped('')
    salary.setTyped('')
    setPending({ ...pending, jobTypes: [], workModes: [], postedWithin: null, showClosed: false })
    onClearFilters()
  }
  // Still there, and still focused, once there is nothing left to clear: it says so instead of vanishing.
  const clearButton = (size: 'sm' | 'md') => (
    <Button variant="neutral" size={size} aria-disabled={!canClear} onClick={clear} className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60">
      Clear filters
    </Button>
  )

  /** "Engineering (56)", "Remote (12)", "Last 7 days (30)" once the facets are known; a value they leave out has none. */
  const counted = (name: string, count: number | undefined) => (facets ? `${name} ${formatCount(count ?? 0, facets.exact !== false)}` : name)

  // A linked category that is not (or not yet) in the list is still shown as the one chosen.
  const unknownCategory = shown.category !== '' && !categories?.some((category) => category._id === shown.category)

  const searchBox = (
    <div>
      <label htmlFor="job-search" className="block font-medium text-gray-800">
        Search jobs
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="job-search"
          type="search"
          value={words.typed}
          onChange={(event) => words.setTyped(event.target.value)}
          placeholder="Title, company or location"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-gray-500 px-3 py-2 placeholder:text-gray-600"
        />
        <Button type="submit">Search</Button>
      </div>
    </div>
  )

  const filters = (
    // Laid out by the room it is given: one column in the desktop's rail and on a phone, two in a tablet's sheet.
    <div className="space-y-4 @container">
      <div className="grid items-start gap-4 @xl:grid-cols-2">
        <SelectField label="Category" value={shown.category} onChange={(event) => choose({ category: event.target.value })}>
          <option value="">All categories</option>
          {categories?.map((category) => (
            <option key={category._id} value={category._id}>
              {counted(category.name, facets?.categories[category._id])}
            </option>
          ))}
          {unknownCategory && <option value={shown.category}>{categoriesLoading ? 'Loading...' : 'Unknown category'}</option>}
        </SelectField>
        <FormField
          label="Location"
          type="text"
          value={location.typed}
          onChange={(event) => location.setTyped(event.target.value)}
          autoComplete="off"
          form={typedIn}
        />
        <FormField
          label="Minimum salary (₹ per month)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={salary.typed}
          onChange={(event) => salary.setTyped(event.target.value)}
          error={salary.value === undefined ? SALARY_ERROR : undefined}
          form={typedIn}
        />
        <SelectField
          label="Posted within"
          value={shown.postedWithin ?? ''}
          onChange={(event) => choose({ postedWithin: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">Any time</option>
          {POSTED_WITHIN.map(({ days, label }) => (
            <option key={days} value={days}>
              {counted(label, facets?.postedWithin[days])}
            </option>
          ))}
        </SelectField>
      </div>

      {/* Two columns of their own: counts arriving in the labels never wrap one under the other. */}
      <div className="grid gap-x-8 gap-y-4 @xl:grid-cols-2">
        <fieldset>
          <legend className="font-medium text-gray-900">Job type</legend>
          <div className="flex flex-col @xs:flex-row @xs:flex-wrap @xs:gap-x-4">
            {JOB_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 py-2 text-gray-800">
                <input type="checkbox" checked={shown.jobTypes.includes(type)} onChange={() => toggleType(type)} className="h-5 w-5" />
                {counted(type, facets?.jobTypes[type])}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-medium text-gray-900">Work mode</legend>
          <div className="flex flex-col @xs:flex-row @xs:flex-wrap @xs:gap-x-4">
            {WORK_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 py-2 text-gray-800">
                <input type="checkbox" checked={shown.workModes.includes(mode)} onChange={() => toggleMode(mode)} className="h-5 w-5" />
                {counted(mode, facets?.workModes[mode])}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <label className="flex items-center gap-2 py-2 text-gray-800">
          <input type="checkbox" checked={shown.showClosed} onChange={(event) => choose({ showClosed: event.target.checked })} className="h-5 w-5" />
          Show closed jobs
        </label>
        {/* Without words the server lists the newest first anyway. */}
        {search.q && (
          <SelectField label="Sort by" value={shown.sort} onChange={(event) => choose({ sort: event.target.value === 'newest' ? 'newest' : 'relevance' })}>
            <option value="relevance">Best match</option>
            <option value="newest">Newest</option>
          </SelectField>
        )}
      </div>
    </div>
  )

  return (
    <>
      <form id={searchForm} role="search" aria-label="Jobs" className="mt-4" onSubmit={searchTyped}>
        {searchBox}
      </form>
      {/* The results keep their column whether or not the rail is drawn: the page the server draws has none. */}
      <div className={SEARCH_LAYOUT}>
        {desktop ? (
          <section aria-labelledby={filtersHeading} className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={filtersHeading} className="text-xl font-semibold text-ink">
                Filters
              </h2>
              {clearButton('sm')}
            </div>
            {actions}
            {filters}
          </section>
        ) : (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
              {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
            </Button>
            {actions}
          </div>
        )}
        <div className={RESULTS_COLUMN}>{children}</div>
      </div>
      {sheetOpen && !desktop && (
        <Modal title="Filters" size="sheet" onClose={() => setSheetOpen(false)}>
          <form
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              searchTyped(event)
              setSheetOpen(false)
            }}
          >
            <div className="min-h-0 flex-1 overflow-y-auto p-4">{filters}</div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 px-4 py-3">
              {clearButton('md')}
              <Button type="submit">{showLabel(matches)}</Button>
            </div>
          </form>
        </Modal>
      )}
    </>
  )
}
