import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { formatEstimate } from '@/lib/format'
import { DESKTOP, useMediaQuery } from '@/lib/use-media-query'
import type { JobSearch } from '../search'
import type { JobFacets } from '../types'
import { JobFilters } from './job-search-filters'
import { useJobSearchForm, type JobSearchFormState, type TypedFilter } from './use-job-search-form'

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
  /** The filters on that the filters do not show (FilterChip), under the search box on every screen. */
  chips?: ReactNode
  /** The results: beside the rail on a desktop, under the Filters button on a smaller screen. */
  children: ReactNode
}

/**
 * The columns of a search page on a desktop: the filters' rail, then the results. The plain search
 * (plain-job-search.tsx) lays out its filters and results with them too.
 */
export const SEARCH_LAYOUT = 'lg:mt-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-x-8'
export const RESULTS_COLUMN = 'lg:col-start-2'

/** The sheet's button, which closes it onto the results: "Show 12 jobs". */
function showLabel(matches: Props['matches']) {
  if (!matches) return 'Show jobs'
  if (matches.capped) return `Show ${matches.total}+ jobs`
  if (matches.exact === false) return `Show about ${formatEstimate(matches.total)} jobs`
  return matches.total === 1 ? 'Show 1 job' : `Show ${matches.total} jobs`
}

/**
 * The search box's label, input and Search button, the interactive search's and the plain one's
 * (plain-job-search.tsx); `input` gives the input its value and its name.
 */
export function SearchBoxFields(input: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor="job-search" className="block font-medium text-gray-800">
        Search jobs
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="job-search"
          type="search"
          placeholder="Title, company or location"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-gray-500 px-3 py-2 placeholder:text-gray-600"
          {...input}
        />
        <Button type="submit">Search</Button>
      </div>
    </>
  )
}

/** The search box, which searches after a pause, and its Search button. */
function SearchBox({ words }: { words: TypedFilter }) {
  return (
    <div>
      <SearchBoxFields value={words.typed} onChange={(event) => words.setTyped(event.target.value)} />
    </div>
  )
}

/** Still there, and still focused, once there is nothing left to clear: it says so instead of vanishing. */
function ClearFiltersButton({ form, size }: { form: JobSearchFormState; size: 'sm' | 'md' }) {
  return (
    <Button variant="neutral" size={size} aria-disabled={!form.canClear} onClick={form.clear} className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60">
      Clear filters
    </Button>
  )
}

/** The desktop's rail of filters, headed "Filters", beside the results. */
function FiltersRail({ form, actions, children }: { form: JobSearchFormState; actions: ReactNode; children: ReactNode }) {
  const heading = useId()
  return (
    <section aria-labelledby={heading} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-xl font-semibold text-ink">
          Filters
        </h2>
        <ClearFiltersButton form={form} size="sm" />
      </div>
      {actions}
      {children}
    </section>
  )
}

/** The sheet of filters on a smaller screen; its button searches every typed box and closes it onto the results. */
function FiltersSheet({ form, matches, onClose, children }: { form: JobSearchFormState; matches: Props['matches']; onClose: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    form.searchTyped(event)
    onClose()
  }
  return (
    <Modal title="Filters" size="sheet" onClose={onClose}>
      <form className="flex min-h-0 flex-1 flex-col" onSubmit={submit}>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 px-4 py-3">
          <ClearFiltersButton form={form} size="md" />
          <Button type="submit">{showLabel(matches)}</Button>
        </div>
      </form>
    </Modal>
  )
}

/**
 * The search box and every filter of the jobs page, each with the count the facets give it, around
 * the results. The box comes first; on a desktop the filters are a rail to the left of the results,
 * so the first results are on the first screen; on a phone or a tablet, where they would fill the
 * screen before the first result, they wait behind a Filters button, in a sheet.
 */
export function JobSearchForm({ search, onSearch, categories, categoriesLoading, facets, filterCount, onClearFilters, matches, actions, chips, children }: Props) {
  const desktop = useMediaQuery(DESKTOP)
  const searchForm = useId()
  const [sheetOpen, setSheetOpen] = useState(false)
  const form = useJobSearchForm({ search, onSearch, filterCount, onClearFilters })
  // The rail is beside the results, apart from the box; its typed filters still belong to the box's
  // form, so Enter in any of them searches every typed box, as it does in the sheet.
  const filters = (
    <JobFilters form={form} q={search.q} categories={categories} categoriesLoading={categoriesLoading} facets={facets} typedIn={desktop ? searchForm : undefined} />
  )

  return (
    <>
      <form id={searchForm} role="search" aria-label="Jobs" className="mt-4" onSubmit={form.searchTyped}>
        <SearchBox words={form.words} />
      </form>
      {chips && <div className="mt-3 flex flex-wrap gap-2">{chips}</div>}
      {/* The results keep their column whether or not the rail is drawn, as in the plain search. */}
      <div className={SEARCH_LAYOUT}>
        {desktop ? (
          <FiltersRail form={form} actions={actions}>
            {filters}
          </FiltersRail>
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
        <FiltersSheet form={form} matches={matches} onClose={() => setSheetOpen(false)}>
          {filters}
        </FiltersSheet>
      )}
    </>
  )
}
